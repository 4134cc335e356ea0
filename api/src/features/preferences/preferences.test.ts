import { DEFAULT_PREFERENCES, DEFAULT_SECURITY } from '@taktwerk/common';
import { withPlatform } from '@taktwerk/db';
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
  const token = login.json.accessToken as string;
  return { member, client, token, sessionId: JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid as string };
}

describe('preferences', () => {
  it('creates the spec defaults on first read, with the session timeout of the security config', async () => {
    const { client, token, member } = await session();
    const res = await client.request('GET', '/api/v1/me/preferences', { token });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ...DEFAULT_PREFERENCES, sessionTimeoutMinutes: DEFAULT_SECURITY.sessionTimeoutMinutes });
    const { rows } = await withPlatform(api.deps.pool, (db) => db.query('SELECT 1 FROM user_preferences WHERE user_id = $1', [member.id]));
    expect(rows).toHaveLength(1);
  });

  it('saves any subset and keeps the rest', async () => {
    const { client, token } = await session();
    const saved = await client.request('PATCH', '/api/v1/me/preferences', {
      token,
      body: { theme: 'dark', language: 'de', timezone: 'Europe/Berlin', dateFormat: 'DD.MM.YYYY', marketingEmails: true, sessionTimeoutMinutes: 5 },
    });
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({ theme: 'dark', language: 'de', timezone: 'Europe/Berlin', dateFormat: 'DD.MM.YYYY', sessionTimeoutMinutes: 5 });
    const languageOnly = await client.request('PATCH', '/api/v1/me/preferences', { token, body: { language: 'en' } });
    expect(languageOnly.json).toMatchObject({ theme: 'dark', language: 'en', marketingEmails: true, errorReporting: true });
    expect((await client.request('GET', '/api/v1/me/preferences', { token })).json).toEqual(languageOnly.json);
  });

  it('refuses a timeout under 5 minutes, unknown time zones, languages and fields', async () => {
    const { client, token } = await session();
    for (const body of [
      { sessionTimeoutMinutes: 4 },
      { sessionTimeoutMinutes: 7.5 },
      { timezone: 'Mars/Olympus' },
      { language: 'fr' },
      { dateFormat: 'DD/MM/YY' },
      { theme: 'blue' },
      { userId: '00000000-0000-0000-0000-000000000000' },
    ]) {
      const res = await client.request('PATCH', '/api/v1/me/preferences', { token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await new TestClient(api.baseUrl).request('GET', '/api/v1/me/preferences')).status).toBe(401);
  });
});

describe('inactivity', () => {
  const idleFor = (sessionId: string, minutes: number) =>
    withPlatform(api.deps.pool, (db) =>
      db.query(`UPDATE user_sessions SET last_seen_at = now() - make_interval(mins => $2) WHERE id = $1`, [sessionId, minutes]),
    );

  it('refuses a refresh once the session was idle longer than the user timeout, with the inactivity message', async () => {
    const { client, token, sessionId } = await session();
    await client.request('PATCH', '/api/v1/me/preferences', { token, body: { sessionTimeoutMinutes: 10 } });
    await idleFor(sessionId, 9);
    expect((await client.request('POST', '/api/v1/auth/refresh')).status).toBe(200);
    await idleFor(sessionId, 11);
    const refused = await client.request('POST', '/api/v1/auth/refresh');
    expect(refused.status).toBe(401);
    expect(refused.json.error).toEqual({ code: 'session_idle', message: 'You have been logged out due to inactivity.' });
    expect((await client.request('GET', '/api/v1/me', { token })).status).toBe(401);
  });

  it('uses the security config timeout without preferences, and reported activity restarts the clock', async () => {
    const { client, token, sessionId } = await session();
    await idleFor(sessionId, DEFAULT_SECURITY.sessionTimeoutMinutes + 1);
    expect((await client.request('POST', '/api/v1/auth/activity', { token })).status).toBe(204);
    expect((await client.request('POST', '/api/v1/auth/refresh')).status).toBe(200);
    // Refreshing is automatic, not activity: it leaves the clock alone.
    await idleFor(sessionId, 20);
    expect((await client.request('POST', '/api/v1/auth/refresh')).status).toBe(200);
    const { rows } = await withPlatform(api.deps.pool, (db) =>
      db.query<{ idle: number }>('SELECT extract(epoch FROM now() - last_seen_at)::int AS idle FROM user_sessions WHERE id = $1', [sessionId]),
    );
    expect(rows[0]!.idle).toBeGreaterThanOrEqual(20 * 60 - 5);
  });
});
