import { gzipSync } from 'node:zlib';
import { withPlatform } from '@taktwerk/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../../../testing/api-server';
import { createTestOrganization } from '../../../../testing/fixtures';
import { TestClient } from '../../../../testing/http';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ INGEST_BODY_LIMIT: '2mb' });
});
afterAll(async () => api.close());

/** An organization with a machine, its token, and API keys with and without ingest:write. */
async function setUp(limits: Record<string, number> = {}) {
  const org = await createTestOrganization(api.deps.pool, { usageLimits: { machines: 5, ...limits } });
  const owner = new TestClient(api.baseUrl);
  const { json: session } = await owner.request('POST', '/api/v1/auth/login', { body: { email: org.owner.email, password: org.owner.password } });
  const token = session.accessToken as string;
  const machine = await owner.request('POST', '/api/v1/machines', { token, body: { name: 'Press 1' } });
  const other = await owner.request('POST', '/api/v1/machines', { token, body: { name: 'Press 2' } });
  const key = await owner.request('POST', '/api/v1/api-keys', { token, body: { label: 'agent', scopes: ['ingest:write'] } });
  const readKey = await owner.request('POST', '/api/v1/api-keys', { token, body: { label: 'reader', scopes: ['data:read'] } });
  expect([machine.status, other.status, key.status, readKey.status]).toEqual([201, 201, 201, 201]);
  return {
    org,
    machineId: machine.json.machine.id as string,
    machineToken: machine.json.token as string,
    otherMachineId: other.json.machine.id as string,
    key: key.json.key as string,
    readKey: readKey.json.key as string,
  };
}

const at = (secondsAgo: number) => new Date(Date.now() - secondsAgo * 1000).toISOString();
const send = (credential: string | null, body: unknown, headers: Record<string, string> = {}) =>
  new TestClient(api.baseUrl).request('POST', '/api/v1/ingest', { body, headers: credential ? { authorization: `Bearer ${credential}`, ...headers } : headers });

async function stored(machineId: string) {
  const { rows } = await withPlatform(api.deps.pool, (db) =>
    db.query('SELECT tag, value, value_text, quality FROM ingested_values WHERE machine_id = $1 ORDER BY tag, ts', [machineId]),
  );
  return rows;
}

describe('POST /api/v1/ingest', () => {
  it('stores a batch once: a replay reports duplicates and stores nothing twice', async () => {
    const s = await setUp();
    const batch = {
      machineId: s.machineId,
      batchTimestamp: at(0),
      values: [
        { tag: 'spindle.temp', timestamp: at(3), value: 42.1 },
        { tag: 'spindle.temp', timestamp: Date.now() - 2000, value: 42.4, quality: 192 },
        { tag: 'running', timestamp: at(2), value: true },
      ],
    };
    const first = await send(s.key, batch);
    expect(first.status).toBe(200);
    expect(first.json).toEqual({ accepted: 3, duplicates: 0, rejected: [] });
    for (let i = 0; i < 2; i += 1) expect((await send(s.key, batch)).json).toEqual({ accepted: 0, duplicates: 3, rejected: [] });
    expect(await stored(s.machineId)).toEqual([
      { tag: 'running', value: 1, value_text: null, quality: null },
      { tag: 'spindle.temp', value: 42.1, value_text: null, quality: null },
      { tag: 'spindle.temp', value: 42.4, value_text: null, quality: 192 },
    ]);
    const { rows } = await withPlatform(api.deps.pool, (db) =>
      db.query(
        `SELECT (SELECT last_data_received IS NOT NULL FROM machines WHERE id = $1) AS touched,
                (SELECT sum(points)::int FROM org_usage_daily WHERE org_id = $2) AS today,
                (SELECT array_agg(alias || ':' || data_type ORDER BY alias) FROM tag_configs WHERE machine_id = $1) AS tags`,
        [s.machineId, s.org.org.id],
      ),
    );
    expect(rows[0]).toEqual({ touched: true, today: 3, tags: ['running:Boolean', 'spindle.temp:Double'] });
  });

  it('stores the valid values of a batch and says why each other one was rejected', async () => {
    const s = await setUp();
    const values = [
      { tag: 'temp', timestamp: at(10), value: 20.5 }, // 0 ok, registers temp as Double
      { tag: 'temp', timestamp: 'yesterday', value: 1 }, // 1 bad timestamp
      { tag: 'temp', timestamp: at(9), value: 'NaN' }, // 2 wrong type for Double
      { tag: 'temp', timestamp: at(-3600), value: 1 }, // 3 an hour in the future
      { tag: 'temp', timestamp: at(400 * 86400), value: 1 }, // 4 older than the 30-day retention
      { tag: 'temp', timestamp: at(8), value: 1, quality: 300 }, // 5 bad quality
      { tag: '', timestamp: at(8), value: 1 }, // 6 empty tag
      { tag: 'temp', timestamp: at(7), value: 21, extra: 1 }, // 7 unknown field
      'not an object', // 8
      { tag: 'TEMP', timestamp: at(6), value: 22 }, // 9 ok: same tag, stored under the registered spelling
      { tag: 'note', timestamp: at(5), value: 'door open' }, // 10 ok: a String tag
      { tag: 'note', timestamp: at(4), value: 5 }, // 11 wrong type for String
    ];
    const res = await send(s.key, { machineId: s.machineId, values });
    expect(res.status).toBe(200);
    expect(res.json.accepted).toBe(3);
    expect(res.json.rejected.map((r: { index: number }) => r.index)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 11]);
    const reasons = Object.fromEntries(res.json.rejected.map((r: { index: number; reason: string }) => [r.index, r.reason]));
    expect(reasons[1]).toMatch(/ISO 8601/);
    expect(reasons[2]).toMatch(/finite number/);
    expect(reasons[3]).toMatch(/future/);
    expect(reasons[4]).toMatch(/retention/);
    expect(reasons[5]).toMatch(/quality/);
    expect(reasons[7]).toMatch(/unknown field extra/);
    expect(reasons[11]).toMatch(/String/);
    expect((await stored(s.machineId)).map((r) => r.tag)).toEqual(['note', 'temp', 'temp']);
  });

  it('accepts the machine token for its own machine only, and a gzip body', async () => {
    const s = await setUp();
    const body = { machineId: s.machineId, values: [{ tag: 't', timestamp: at(1), value: 1 }] };
    const gz = await new TestClient(api.baseUrl).request('POST', '/api/v1/ingest', {
      body: gzipSync(JSON.stringify(body)),
      headers: { authorization: `Bearer ${s.machineToken}`, 'content-encoding': 'gzip', 'content-type': 'application/json' },
    });
    expect(gz.status).toBe(200);
    expect(gz.json.accepted).toBe(1);
    const foreign = await send(s.machineToken, { ...body, machineId: s.otherMachineId });
    expect(foreign.status).toBe(403);
    const corrupt = await new TestClient(api.baseUrl).request('POST', '/api/v1/ingest', {
      body: new Uint8Array([0x1f, 0x8b, 1, 2, 3]),
      headers: { authorization: `Bearer ${s.machineToken}`, 'content-encoding': 'gzip', 'content-type': 'application/json' },
    });
    expect(corrupt.status).toBe(400);
  });

  it('answers 401, 403 and 404 for credentials, scopes and machines, never leaking other organizations', async () => {
    const s = await setUp();
    const other = await setUp();
    const body = (machineId: string) => ({ machineId, values: [{ tag: 't', timestamp: at(1), value: 1 }] });
    expect((await send(null, body(s.machineId))).status).toBe(401);
    expect((await send('twk_not-a-real-key', body(s.machineId))).status).toBe(401);
    expect((await send(s.readKey, body(s.machineId))).status).toBe(403);
    const unknown = await send(s.key, body('00000000-0000-4000-8000-000000000000'));
    const foreign = await send(s.key, body(other.machineId));
    expect(unknown.status).toBe(404);
    expect(foreign.status).toBe(404);
    expect(foreign.json).toEqual(unknown.json);
    // Expiry applies the moment it passes, also to a key this api process has just seen (and cached).
    const expiresAt = Date.now() + 1500;
    const owner = new TestClient(api.baseUrl);
    const { json: session } = await owner.request('POST', '/api/v1/auth/login', { body: { email: s.org.owner.email, password: s.org.owner.password } });
    const { json: shortKey } = await owner.request('POST', '/api/v1/api-keys', {
      token: session.accessToken as string,
      body: { label: 'short', scopes: ['ingest:write'], expiresAt: new Date(expiresAt).toISOString() },
    });
    expect((await send(shortKey.key, body('00000000-0000-4000-8000-000000000000'))).status).toBe(404);
    await new Promise((r) => setTimeout(r, expiresAt - Date.now() + 1));
    const expired = await send(shortKey.key, body(s.machineId));
    expect(expired.status).toBe(401);
    expect(expired.json.error.code).toBe('api_key_expired');
    expect(await stored(other.machineId)).toEqual([]);
    expect(await stored(s.machineId)).toEqual([]);
  });

  it('refuses what is not a batch with 400/413/415 and stores nothing', async () => {
    const s = await setUp();
    const raw = (body: string, headers: Record<string, string> = {}) =>
      new TestClient(api.baseUrl).request('POST', '/api/v1/ingest', { body, headers: { authorization: `Bearer ${s.key}`, ...headers } });
    expect((await raw('{"machineId": ')).status).toBe(400);
    expect((await raw('{"machineId": "x", "values": [{"tag": "t", "timestamp": 1, "value": NaN}]}')).status).toBe(400);
    expect((await raw(JSON.stringify({ values: [] }))).status).toBe(400);
    expect((await raw(JSON.stringify({ machineId: s.machineId, values: 'no' }))).status).toBe(400);
    expect((await raw(JSON.stringify([1, 2]))).status).toBe(400);
    expect((await raw('machineId=1', { 'content-type': 'text/plain' })).status).toBe(415);
    const tooMany = JSON.stringify({ machineId: s.machineId, values: Array.from({ length: 100_001 }, () => 0) });
    const many = await raw(tooMany);
    expect(many.status).toBe(413);
    const huge = await raw(JSON.stringify({ machineId: s.machineId, values: [{ tag: 't', timestamp: at(1), value: 'x'.repeat(3_000_000) }] }));
    expect(huge.status).toBe(413);
    expect(await stored(s.machineId)).toEqual([]);
  });

  it('enforces the daily quota (429 with Retry-After once used up) and the plan tag limit', async () => {
    const s = await setUp({ ingestPointsPerDay: 5, tags: 1 });
    const values = Array.from({ length: 7 }, (_, i) => ({ tag: 'a', timestamp: at(100 - i), value: i }));
    values.push({ tag: 'b', timestamp: at(50), value: 1 });
    const first = await send(s.key, { machineId: s.machineId, values });
    expect(first.status).toBe(200);
    expect(first.json.accepted).toBe(5);
    const reasons = first.json.rejected.map((r: { index: number; reason: string }) => `${r.index}:${r.reason}`);
    expect(reasons).toEqual([
      '5:daily ingest quota of the plan reached',
      '6:daily ingest quota of the plan reached',
      '7:tag limit of the plan reached; tag not registered',
    ]);
    const next = await send(s.key, { machineId: s.machineId, values: [{ tag: 'a', timestamp: at(1), value: 1 }] });
    expect(next.status).toBe(429);
    expect(next.json.error.code).toBe('quota_exceeded');
    expect(Number(next.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(next.headers.get('retry-after'))).toBeLessThanOrEqual(86400);
  });

  it('answers 503 with Retry-After when the database is unreachable', async () => {
    const down = await startTestApi({ DATABASE_URL: 'postgres://taktwerk_app@127.0.0.1:1/none' });
    try {
      const res = await new TestClient(down.baseUrl).request('POST', '/api/v1/ingest', {
        body: { machineId: '00000000-0000-4000-8000-000000000000', values: [] },
        headers: { authorization: 'Bearer twk_whatever' },
      });
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBeTruthy();
    } finally {
      await down.close();
    }
  });
});
