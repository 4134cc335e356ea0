import { randomUUID } from 'node:crypto';
import { createPool } from '@taktwerk/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../../../testing/api-server';
import { testDatabase } from '../../../../testing/context';
import { createTestOrganization } from '../../../../testing/fixtures';
import { signedInCaller, type Caller } from '../machines/test-support';

let api: TestApi;
let owner: Caller;
let member: Caller;
beforeAll(async () => {
  api = await startTestApi({ PUBLIC_URL: 'https://taktwerk.example.com/' });
  const org = await createTestOrganization(api.deps.pool, { usageLimits: { machines: 3 } });
  owner = await signedInCaller(api, org.owner);
  member = await signedInCaller(api, org.member);
});
afterAll(async () => api.close());

/** Every row of every table as text, read as the database superuser (past RLS): what a dump would hold. */
async function databaseDump(): Promise<string> {
  const { adminUrl, database } = testDatabase();
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  const pool = createPool(url.toString(), { max: 1 });
  try {
    const { rows: tables } = await pool.query<{ name: string }>(
      "SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')",
    );
    const parts = await Promise.all(
      tables.map(async ({ name }) => (await pool.query<{ t: string | null }>(`SELECT string_agg(r::text, E'\\n') AS t FROM ${name} r`)).rows[0]!.t ?? ''),
    );
    return parts.join('\n');
  } finally {
    await pool.end();
  }
}

describe('API keys', () => {
  it('creates a key shown once (twk_ + 40 base62), with a trimmed label, de-duplicated scopes and an expiry', async () => {
    const expiresAt = new Date(Date.now() + 30 * 86400_000).toISOString();
    const res = await owner('POST', '/api-keys', { label: '  Line 1 agent ', scopes: ['ingest:write', 'ingest:write', 'machine:read'], expiresAt });
    expect(res.status).toBe(201);
    expect(res.json.key).toMatch(/^twk_[0-9A-Za-z]{40}$/);
    expect(res.json.apiKey).toMatchObject({
      label: 'Line 1 agent',
      scopes: ['ingest:write', 'machine:read'],
      keyPreview: `twk_${res.json.key.slice(4, 8)}…${res.json.key.slice(-4)}`,
      lastUsed: null,
      expiresAt,
    });
    const list = await owner('GET', '/api-keys');
    expect(list.json.apiKeys.map((k: { id: string }) => k.id)).toContain(res.json.apiKey.id);
    expect(JSON.stringify(list.json)).not.toContain(res.json.key);
  });

  it('requires a non-blank label, at least one known scope, and an expiry in the future', async () => {
    const post = (body: object) => owner('POST', '/api-keys', body);
    expect((await post({ label: '   ', scopes: ['ingest:write'] })).status).toBe(400);
    expect((await post({ label: 'x', scopes: [] })).status).toBe(400);
    expect((await post({ label: 'x' })).status).toBe(400);
    expect((await post({ label: 'x', scopes: ['org:manage'] })).status).toBe(400);
    expect((await post({ label: 'x', scopes: ['ingest:write'], expiresAt: new Date(Date.now() - 1000).toISOString() })).status).toBe(400);
    expect((await post({ label: 'x', scopes: ['ingest:write'], expiresAt: 'tomorrow' })).status).toBe(400);
    expect((await post({ label: 'x', scopes: ['ingest:write'], orgId: randomUUID() })).status).toBe(400);
    for (const scope of ['ingest:write', 'machine:read', 'machine:write', 'data:read', 'alert:read', 'alert:write'])
      expect((await post({ label: scope, scopes: [scope] })).status).toBe(201);
  });

  it('deletes a key; deleting again or a foreign key answers 404 like a missing one', async () => {
    const { apiKey } = (await owner('POST', '/api-keys', { label: 'temp', scopes: ['data:read'] })).json;
    expect((await owner('DELETE', `/api-keys/${apiKey.id}`)).status).toBe(204);
    expect((await owner('DELETE', `/api-keys/${apiKey.id}`)).status).toBe(404);

    const other = await createTestOrganization(api.deps.pool);
    const otherOwner = await signedInCaller(api, other.owner);
    const foreign = (await otherOwner('POST', '/api-keys', { label: 'theirs', scopes: ['data:read'] })).json.apiKey;
    const foreignRes = await owner('DELETE', `/api-keys/${foreign.id}`);
    const missingRes = await owner('DELETE', `/api-keys/${randomUUID()}`);
    expect(foreignRes.status).toBe(404);
    expect(foreignRes.json).toEqual(missingRes.json);
    expect((await owner('GET', '/api-keys')).json.apiKeys.map((k: { id: string }) => k.id)).not.toContain(foreign.id);
    expect((await otherOwner('GET', '/api-keys')).json.apiKeys.map((k: { id: string }) => k.id)).toEqual([foreign.id]);
  });

  it('needs org:manage: members may neither list, create nor delete keys', async () => {
    const { apiKey } = (await owner('POST', '/api-keys', { label: 'owned', scopes: ['data:read'] })).json;
    expect((await member('GET', '/api-keys')).status).toBe(403);
    expect((await member('POST', '/api-keys', { label: 'x', scopes: ['data:read'] })).status).toBe(403);
    expect((await member('DELETE', `/api-keys/${apiKey.id}`)).status).toBe(403);
    expect((await member('GET', '/api-keys/quickstart')).status).toBe(403);
  });

  it('keeps no plaintext key or machine token anywhere in the database', async () => {
    const { key } = (await owner('POST', '/api-keys', { label: 'dump check', scopes: ['ingest:write'] })).json;
    const { token, machine } = (await owner('POST', '/machines', { name: 'Dump check' })).json;
    const rotated = (await owner('POST', `/machines/${machine.id}/token`)).json.token;
    const dump = await databaseDump();
    expect(dump).toContain(machine.id);
    for (const secret of [key, token, rotated]) {
      expect(dump).not.toContain(secret);
      expect(dump).not.toContain(secret.slice(4));
    }
  });
});

describe('ingest endpoint for the quickstart', () => {
  it('tells the configured public ingest URL', async () => {
    expect((await owner('GET', '/api-keys/quickstart')).json).toEqual({ ingestUrl: 'https://taktwerk.example.com/api/v1/ingest' });
  });

  it('uses the public URL in the agent YAML too, whatever origin the browser sends', async () => {
    const { machine } = (await owner('POST', '/machines', { name: 'Public URL check' })).json;
    const res = await owner('GET', `/machines/${machine.id}/agent-config/yaml?origin=${encodeURIComponent('http://10.0.0.5:3000')}`);
    expect(res.json.yaml).toContain('url: https://taktwerk.example.com/api/v1/ingest');
  });

  it('answers OPTIONS /api/v1/ingest with 204 and the allowed method and headers (the endpoint check)', async () => {
    const res = await fetch(`${api.baseUrl}/api/v1/ingest`, { method: 'OPTIONS' });
    expect(res.status).toBe(204);
    expect(res.headers.get('allow')).toBe('OPTIONS, POST');
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
    expect(res.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
  });
});
