import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../../../testing/api-server';
import { createTestOrganization } from '../../../../testing/fixtures';
import { TestClient } from '../../../../testing/http';

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => api.close());

async function session() {
  const { member } = await createTestOrganization(api.deps.pool);
  const client = new TestClient(api.baseUrl);
  const login = await client.request('POST', '/api/v1/auth/login', { body: { email: member.email, password: member.password } });
  return { member, client, token: login.json.accessToken as string };
}

describe('profile', () => {
  it('changes the trimmed name; the email cannot be changed here', async () => {
    const { client, token, member } = await session();
    const saved = await client.request('PATCH', '/api/v1/me/profile', { token, body: { name: '  Max Mustermann ' } });
    expect(saved.status).toBe(200);
    expect(saved.json.user).toMatchObject({ name: 'Max Mustermann', email: member.email });
    expect((await client.request('GET', '/api/v1/me', { token })).json.user.name).toBe('Max Mustermann');
    expect((await client.request('PATCH', '/api/v1/me/profile', { token, body: { name: '   ' } })).status).toBe(400);
    expect((await client.request('PATCH', '/api/v1/me/profile', { token, body: { name: 'X', email: 'x@example.com' } })).status).toBe(400);
  });
});
