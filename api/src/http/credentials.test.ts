import { randomUUID } from 'node:crypto';
import { withPlatform } from '@taktwerk/db';
import type { Request } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../../testing/api-server';
import { createTestOrganization } from '../../../testing/fixtures';
import { signedInCaller, type Caller } from '../features/machines/test-support';
import {
  CREDENTIAL_CACHE_TTL_MS,
  CREDENTIAL_FAILURES_PER_MINUTE,
  authenticateCredential,
  authenticateIngestCredential,
  issueSecret,
  randomBase62,
} from './credentials';
import { AppError } from './errors';

let api: TestApi;
let owner: Caller;
let orgId: string;
beforeAll(async () => {
  api = await startTestApi();
  const org = await createTestOrganization(api.deps.pool, { usageLimits: { machines: 5 } });
  orgId = org.org.id;
  owner = await signedInCaller(api, org.owner);
});
afterAll(async () => api.close());

/** The parts of a request the authenticator reads: headers (via get), the client address and the URL. */
function fakeRequest(headers: Record<string, string>, options: { ip?: string; url?: string } = {}): Request {
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  const url = options.url ?? '/api/v1/ingest';
  return {
    get: (name: string) => lower[name.toLowerCase()],
    ip: options.ip ?? `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.1`,
    url,
    query: Object.fromEntries(new URL(url, 'http://x').searchParams),
  } as unknown as Request;
}
const bearer = (token: string, options?: { ip?: string }) => fakeRequest({ Authorization: `Bearer ${token}` }, options);

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const createKey = async (scopes: string[], expiresAt?: string) =>
  (await owner('POST', '/api-keys', { label: 'agent', scopes, ...(expiresAt ? { expiresAt } : {}) })).json as {
    key: string;
    apiKey: { id: string };
  };

/** Polls until the credential is refused; returns the refusal and how long after `since` it came. */
async function refusedAfter(token: string, since: number): Promise<{ error: AppError; afterMs: number }> {
  for (;;) {
    const error = await authenticateIngestCredential(bearer(token), api.deps).then(
      () => null,
      (e: unknown) => e as AppError,
    );
    if (error) return { error, afterMs: Date.now() - since };
    if (Date.now() - since > CREDENTIAL_CACHE_TTL_MS + 5_000) throw new Error('credential still accepted long after the cache bound');
    await new Promise((r) => setTimeout(r, 100));
  }
}

const lastUsed = async (keyId: string) =>
  (await withPlatform(api.deps.pool, (db) => db.query<{ last_used: Date | null }>('SELECT last_used FROM api_keys WHERE id = $1', [keyId])))
    .rows[0]!.last_used;

describe('secret generation', () => {
  it('issues prefixed base62 secrets with a preview and their SHA-256', () => {
    const issued = issueSecret({ prefix: 'twk_', randomLength: 40 });
    expect(issued.secret).toMatch(/^twk_[0-9A-Za-z]{40}$/);
    expect(issued.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(issued.preview).toBe(`twk_${issued.secret.slice(4, 8)}…${issued.secret.slice(-4)}`);
  });

  it('draws every base62 character equally often (no modulo bias)', () => {
    const counts = new Map<string, number>();
    for (const ch of randomBase62(62 * 4000)) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    expect(counts.size).toBe(62);
    const values = [...counts.values()];
    // Modulo bias would make 8 characters about 25 % more frequent; chance spread stays within a few percent.
    expect(Math.max(...values) / Math.min(...values)).toBeLessThan(1.15);
  });
});

describe('authenticateIngestCredential', () => {
  it('accepts an API key with ingest:write and records last_used at most once a minute', async () => {
    const { key, apiKey } = await createKey(['ingest:write', 'machine:read']);
    expect(await lastUsed(apiKey.id)).toBeNull();
    const credential = await authenticateIngestCredential(bearer(key), api.deps);
    expect(credential).toEqual({ kind: 'api_key', orgId, keyId: apiKey.id, scopes: ['ingest:write', 'machine:read'] });
    const first = await lastUsed(apiKey.id);
    expect(first).not.toBeNull();
    await authenticateIngestCredential(bearer(key), api.deps);
    expect(await lastUsed(apiKey.id)).toEqual(first);
    const listed = (await owner('GET', '/api-keys')).json.apiKeys.find((k: { id: string }) => k.id === apiKey.id);
    expect(listed.lastUsed).toBe(first!.toISOString());
  });

  it('accepts a machine token for its machine, and refuses it within the cache bound once rotated', async () => {
    const created = (await owner('POST', '/machines', { name: 'Token test' })).json;
    expect(await authenticateIngestCredential(bearer(created.token), api.deps)).toEqual({
      kind: 'machine_token',
      orgId,
      machineId: created.machine.id,
    });
    const rotatedAt = Date.now();
    const rotated = (await owner('POST', `/machines/${created.machine.id}/token`)).json.token as string;
    // The new token works at once (never looked up before); the old one stops within the bound.
    expect((await authenticateIngestCredential(bearer(rotated), api.deps)).kind).toBe('machine_token');
    const { error, afterMs } = await refusedAfter(created.token, rotatedAt);
    expect([error.status, error.code]).toEqual([401, 'invalid_credential']);
    expect(afterMs).toBeLessThanOrEqual(CREDENTIAL_CACHE_TTL_MS + 500);
  });

  it('serves a known credential from the process cache: a deleted key works until the bound, then never again', async () => {
    const { key, apiKey } = await createKey(['ingest:write']);
    expect((await authenticateIngestCredential(bearer(key), api.deps)).kind).toBe('api_key');
    const deletedAt = Date.now();
    expect((await owner('DELETE', `/api-keys/${apiKey.id}`)).status).toBe(204);
    // Asked again at once, the answer comes from the cache, not from the database where the key is gone.
    expect((await authenticateIngestCredential(bearer(key), api.deps)).kind).toBe('api_key');
    const { error, afterMs } = await refusedAfter(key, deletedAt);
    expect(error.code).toBe('invalid_credential');
    expect(afterMs).toBeLessThanOrEqual(CREDENTIAL_CACHE_TTL_MS + 500);
    expect((await failure(authenticateIngestCredential(bearer(key), api.deps))).code).toBe('invalid_credential');
  });

  it('refuses unknown, malformed, missing and deleted credentials with 401', async () => {
    for (const token of [`twk_${randomBase62(40)}`, `twm_${randomBase62(32)}`, 'garbage', 'twk_']) {
      const error = await failure(authenticateIngestCredential(bearer(token), api.deps));
      expect([error.status, error.code]).toEqual([401, 'invalid_credential']);
    }
    expect((await failure(authenticateIngestCredential(fakeRequest({}), api.deps))).status).toBe(401);
    expect((await failure(authenticateIngestCredential(fakeRequest({ Authorization: 'Basic abc' }), api.deps))).status).toBe(401);
    const { key, apiKey } = await createKey(['ingest:write']);
    await owner('DELETE', `/api-keys/${apiKey.id}`);
    expect((await failure(authenticateIngestCredential(bearer(key), api.deps))).code).toBe('invalid_credential');
  });

  it('never takes a credential from the URL query', async () => {
    const { key } = await createKey(['ingest:write']);
    for (const name of ['api_key', 'apiKey', 'token', 'access_token']) {
      const req = fakeRequest({}, { url: `/api/v1/ingest?${name}=${key}` });
      expect((await failure(authenticateIngestCredential(req, api.deps))).status).toBe(401);
    }
  });

  it('refuses an expired key with 401 and a clear message the moment it expires, cached or not', async () => {
    const expiresAt = Date.now() + 1500;
    const { key } = await createKey(['ingest:write'], new Date(expiresAt).toISOString());
    expect((await authenticateIngestCredential(bearer(key), api.deps)).kind).toBe('api_key');
    await new Promise((r) => setTimeout(r, expiresAt - Date.now() + 1));
    const error = await failure(authenticateIngestCredential(bearer(key), api.deps));
    expect([error.status, error.code, error.message]).toEqual([401, 'api_key_expired', 'This API key has expired. Create a new key.']);
  });

  it('applies an expiry changed in the database within the cache bound', async () => {
    const { key, apiKey } = await createKey(['ingest:write'], new Date(Date.now() + 60_000).toISOString());
    expect((await authenticateIngestCredential(bearer(key), api.deps)).kind).toBe('api_key');
    const changedAt = Date.now();
    await withPlatform(api.deps.pool, (db) => db.query("UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE id = $1", [apiKey.id]));
    const { error, afterMs } = await refusedAfter(key, changedAt);
    expect(error.code).toBe('api_key_expired');
    expect(afterMs).toBeLessThanOrEqual(CREDENTIAL_CACHE_TTL_MS + 500);
  });

  it('refuses an API key without the ingest:write scope with 403', async () => {
    const { key } = await createKey(['machine:read', 'data:read']);
    expect((await authenticateCredential(bearer(key), api.deps)).kind).toBe('api_key');
    const error = await failure(authenticateIngestCredential(bearer(key), api.deps));
    expect([error.status, error.code]).toEqual([403, 'insufficient_scope']);
  });

  it('answers 429 with Retry-After after repeated failures from one address; other addresses are unaffected', async () => {
    const ip = `192.0.2.${Math.floor(Math.random() * 250)}-${randomUUID()}`;
    for (let i = 0; i < CREDENTIAL_FAILURES_PER_MINUTE; i += 1)
      expect((await failure(authenticateIngestCredential(bearer('twk_wrong', { ip }), api.deps))).status).toBe(401);
    const blocked = await failure(authenticateIngestCredential(bearer('twk_wrong', { ip }), api.deps));
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['Retry-After'])).toBeGreaterThan(0);
    expect((await failure(authenticateIngestCredential(bearer('twk_wrong'), api.deps))).status).toBe(401);
  });
});
