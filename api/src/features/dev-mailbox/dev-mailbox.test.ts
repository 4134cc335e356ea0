import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../../../testing/api-server';
import { createTestOrganization } from '../../../../testing/fixtures';
import { TestClient } from '../../../../testing/http';

let development: TestApi;
let test: TestApi;

beforeAll(async () => {
  development = await startTestApi({ NODE_ENV: 'development' });
  test = await startTestApi();
});
afterAll(async () => {
  await development.close();
  await test.close();
});

describe('development mailbox', () => {
  it('keeps the mails of a development api without SMTP_URL, newest first', async () => {
    const { owner } = await createTestOrganization(development.deps.pool);
    const client = new TestClient(development.baseUrl);
    expect((await client.request('POST', '/api/v1/auth/password/forgot', { body: { email: owner.email } })).status).toBe(202);
    await expect
      .poll(async () => (await client.request('GET', '/api/v1/dev/mailbox')).json.mails.filter((m: { to: string }) => m.to === owner.email))
      .toEqual([
        {
          id: expect.any(String),
          to: owner.email,
          subject: 'Taktwerk: reset your password',
          text: expect.stringMatching(/http:\/\/localhost:\d+\/#reset-password\?token=twp_/),
          sentAt: expect.any(String),
        },
      ]);
  });

  it('is announced in the public config only where it exists', async () => {
    expect((await new TestClient(development.baseUrl).request('GET', '/api/v1/public/config')).json.devMailbox).toBe(true);
    expect((await new TestClient(test.baseUrl).request('GET', '/api/v1/public/config')).json.devMailbox).toBe(false);
  });

  it('does not exist outside development', async () => {
    const res = await new TestClient(test.baseUrl).request('GET', '/api/v1/dev/mailbox');
    expect(res.status).toBe(404);
    expect(res.json.error).toEqual({ code: 'not_found', message: 'No such endpoint.' });
  });
});
