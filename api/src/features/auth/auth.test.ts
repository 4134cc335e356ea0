import { base64url } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSIONS_REVOKED_CHANNEL } from '@taktwerk/common';
import { putSystemConfigValue, withPlatform } from '@taktwerk/db';
import { Redis } from 'ioredis';
import { testRedisUrl } from '../../../../testing/context';
import { startTestApi, type TestApi } from '../../../../testing/api-server';
import { createTestOrganization, type TestOrganization } from '../../../../testing/fixtures';
import { TestClient } from '../../../../testing/http';

let api: TestApi;
let org: TestOrganization;

beforeAll(async () => {
  api = await startTestApi();
  org = await createTestOrganization(api.deps.pool);
});
afterAll(async () => api.close());

const login = (client: TestClient, email: string, password: string) =>
  client.request('POST', '/api/v1/auth/login', { body: { email, password } });

describe('login', () => {
  it('signs in with a trimmed, case-insensitive email and returns profile, organization and a refresh cookie', async () => {
    const client = new TestClient(api.baseUrl);
    const res = await login(client, `  ${org.owner.email.toUpperCase()} `, org.owner.password);
    expect(res.status).toBe(200);
    expect(res.json.user).toMatchObject({ email: org.owner.email, role: 'customer_owner', orgId: org.org.id });
    expect(res.json.organization).toMatchObject({ id: org.org.id, billingStatus: 'trialing' });
    expect(res.json.user.lastLogin).not.toBeNull();
    const setCookie = res.headers.getSetCookie().join('\n');
    expect(setCookie).toMatch(/tw_refresh=twr_/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Strict/i);
  });

  it('answers an unknown email exactly like a wrong password (no enumeration)', async () => {
    const wrong = await login(new TestClient(api.baseUrl), org.member.email, 'wrong-password!');
    const unknown = await login(new TestClient(api.baseUrl), `nobody.${Date.now()}@example.com`, 'wrong-password!');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.json).toEqual(wrong.json);
    expect(wrong.json.error.code).toBe('invalid_credentials');
  });

  it('stores passwords as argon2id with m >= 19 MiB, t >= 2, p = 1', async () => {
    const { rows } = await withPlatform(api.deps.pool, (db) =>
      db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [org.owner.id]),
    );
    const [, algorithm, , params = ''] = rows[0]!.password_hash.split('$');
    expect(algorithm).toBe('argon2id');
    const { m, t, p } = Object.fromEntries(params.split(',').map((kv) => kv.split('=')).map(([k, v]) => [k, Number(v)]));
    expect(m).toBeGreaterThanOrEqual(19456);
    expect(t).toBeGreaterThanOrEqual(2);
    expect(p).toBe(1);
  });

  it('rate limits after loginAttemptsPerHour attempts with 429 and Retry-After; another account is unaffected', async () => {
    const victim = await createTestOrganization(api.deps.pool);
    const limit = 5;
    await withPlatform(api.deps.pool, (db) =>
      putSystemConfigValue(db, 'rate_limits', { ingestPerMinute: 1000, apiCallsPerMinute: 100, loginAttemptsPerHour: limit }, null),
    );
    const client = new TestClient(api.baseUrl);
    for (let i = 0; i < limit; i += 1) expect((await login(client, victim.member.email, 'nope')).status).toBe(401);
    const blocked = await login(client, victim.member.email, victim.member.password);
    expect(blocked.status).toBe(429);
    expect(blocked.json.error.message).toBe('Too many login attempts. Please try again later.');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    const other = await login(client, victim.owner.email, victim.owner.password);
    expect(other.status).toBe(200);
  });

  it('refuses malformed bodies with 400 and a non-JSON content type with 415', async () => {
    const client = new TestClient(api.baseUrl);
    expect((await client.request('POST', '/api/v1/auth/login', { body: '{"email":' })).status).toBe(400);
    expect((await client.request('POST', '/api/v1/auth/login', { body: { email: 'a@b.c' } })).status).toBe(400);
    expect((await client.request('POST', '/api/v1/auth/login', { body: { email: 'a@b.c', password: 'x', role: 'admin' } })).status).toBe(400);
    const text = await client.request('POST', '/api/v1/auth/login', { body: 'email=a', headers: { 'content-type': 'text/plain' } });
    expect(text.status).toBe(415);
  });
});

describe('sessions', () => {
  it('rotates the refresh token on use, and reuse of a rotated token revokes the family', async () => {
    const client = new TestClient(api.baseUrl);
    await login(client, org.owner.email, org.owner.password);
    const first = client.cookie('tw_refresh')!;
    const refreshed = await client.request('POST', '/api/v1/auth/refresh');
    expect(refreshed.status).toBe(200);
    const second = client.cookie('tw_refresh')!;
    expect(second).not.toBe(first);

    // A thief replays the first token after the grace window: the whole session ends.
    await withPlatform(api.deps.pool, (db) =>
      db.query("UPDATE refresh_tokens SET rotated_at = now() - interval '1 minute' WHERE rotated_at IS NOT NULL"),
    );
    const thief = new TestClient(api.baseUrl);
    thief.setCookie('tw_refresh', first);
    expect((await thief.request('POST', '/api/v1/auth/refresh')).status).toBe(401);
    expect((await client.request('POST', '/api/v1/auth/refresh')).status).toBe(401);
    expect((await client.request('GET', '/api/v1/me', { token: refreshed.json.accessToken })).status).toBe(401);
  });

  it('after logout neither the refresh token nor the access token works', async () => {
    const client = new TestClient(api.baseUrl);
    const session = await login(client, org.member.email, org.member.password);
    const token = session.json.accessToken as string;
    const refreshToken = client.cookie('tw_refresh')!;
    expect((await client.request('GET', '/api/v1/me', { token })).status).toBe(200);
    expect((await client.request('POST', '/api/v1/auth/logout')).status).toBe(204);
    expect((await client.request('GET', '/api/v1/me', { token })).status).toBe(401);
    const replay = new TestClient(api.baseUrl);
    replay.setCookie('tw_refresh', refreshToken);
    expect((await replay.request('POST', '/api/v1/auth/refresh')).status).toBe(401);
  });

  it('a refresh without a session cookie is an ordinary signed-out answer (204), a bogus cookie is 401', async () => {
    const client = new TestClient(api.baseUrl);
    expect((await client.request('POST', '/api/v1/auth/refresh')).status).toBe(204);
    client.setCookie('tw_refresh', 'twr_not-a-real-token');
    expect((await client.request('POST', '/api/v1/auth/refresh')).status).toBe(401);
  });

  it('records the last login as the start of the new session record', async () => {
    const client = new TestClient(api.baseUrl);
    const session = await login(client, org.member.email, org.member.password);
    const { rows } = await withPlatform(api.deps.pool, (db) =>
      db.query<{ last_login: Date; started: Date }>(
        `SELECT u.last_login, (SELECT max(created_at) FROM user_sessions s WHERE s.user_id = u.id) AS started
           FROM users u WHERE u.id = $1`,
        [org.member.id],
      ),
    );
    expect(rows[0]!.last_login.toISOString()).toBe(rows[0]!.started.toISOString());
    expect(session.json.user.lastLogin).toBe(rows[0]!.started.toISOString());
  });

  it('announces an ended session on Redis so that its live sockets close', async () => {
    const subscriber = new Redis(testRedisUrl());
    const announced: string[] = [];
    subscriber.on('message', (_channel, message: string) => announced.push(...(JSON.parse(message) as { sessionIds: string[] }).sessionIds));
    await subscriber.subscribe(SESSIONS_REVOKED_CHANNEL);
    try {
      const client = new TestClient(api.baseUrl);
      const session = await login(client, org.member.email, org.member.password);
      const { sid } = JSON.parse(new TextDecoder().decode(base64url.decode(session.json.accessToken.split('.')[1])));
      expect((await client.request('POST', '/api/v1/auth/logout')).status).toBe(204);
      await expect.poll(() => announced).toContain(sid);
    } finally {
      await subscriber.quit();
    }
  });

  it('/me returns user, organization and permissions', async () => {
    const client = new TestClient(api.baseUrl);
    const session = await login(client, org.owner.email, org.owner.password);
    const me = await client.request('GET', '/api/v1/me', { token: session.json.accessToken });
    expect(me.status).toBe(200);
    expect(me.json.user.permissions).toEqual(['org:*', 'machine:*', 'alert:*', 'dashboard:*']);
    expect(me.json.organization.usageLimits).toMatchObject({ machines: 1, tags: 100, teamUsers: 2 });
  });
});

describe('access tokens', () => {
  it('refuse alg none, a wrong audience, a bad signature and a missing header', async () => {
    const client = new TestClient(api.baseUrl);
    const session = await login(client, org.owner.email, org.owner.password);
    const good = session.json.accessToken as string;
    const [, payload] = good.split('.');
    const claims = JSON.parse(new TextDecoder().decode(base64url.decode(payload!)));
    const unsigned = `${base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${payload}.`;
    const wrongAudience = await api.deps.tokens.sign({ userId: claims.sub, orgId: claims.org, role: claims.role, sessionId: claims.sid });
    const tampered = `${good.slice(0, -4)}AAAA`;
    const wrongAud = wrongAudience.replace(wrongAudience.split('.')[1]!, base64url.encode(JSON.stringify({ ...claims, aud: 'other' })));
    for (const token of [unsigned, tampered, wrongAud]) {
      expect((await client.request('GET', '/api/v1/me', { token })).status, token).toBe(401);
    }
    expect((await client.request('GET', '/api/v1/me')).status).toBe(401);
    expect((await client.request('GET', `/api/v1/me?access_token=${good}`)).status).toBe(401);
  });
});
