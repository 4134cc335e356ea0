import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { meResponseSchema } from '@taktwerk/common';

const user = {
  id: '11111111-1111-4111-8111-111111111111',
  orgId: '22222222-2222-4222-8222-222222222222',
  name: 'Olivia Owner',
  email: 'owner@example.com',
  role: 'customer_owner',
  permissions: ['org:*'],
  twoFactorEnabled: false,
  lastLogin: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const organization = {
  id: user.orgId,
  name: 'Acme',
  planId: 'starter',
  billingStatus: 'trialing',
  trialEndsAt: null,
  usageLimits: {},
  currentUsage: {},
};
const session = (accessToken: string) => ({ accessToken, expiresIn: 900, user, organization });

const me = { user, organization };
const anything = { parse: (input: unknown) => input };

const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

interface Call {
  path: string;
  method: string;
  authorization: string | null;
}

/** Stubs fetch with a handler per `METHOD path` and records every call. */
function stubApi(routes: Record<string, (call: Call) => Response>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const call = {
      path: url.replace('/api/v1', ''),
      method: init.method ?? 'GET',
      authorization: new Headers(init.headers).get('Authorization'),
    };
    calls.push(call);
    const route = routes[`${call.method} ${call.path}`];
    if (!route) throw new TypeError('Failed to fetch');
    return route(call);
  });
  return calls;
}

// Session state is module-level: every test starts from freshly imported modules.
async function load() {
  vi.resetModules();
  return { client: await import('./api-client'), store: await import('./auth/session-store') };
}

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('apiFetch', () => {
  it('sends the access token and validates the answer', async () => {
    const calls = stubApi({
      'POST /auth/login': () => json(200, session('token-1')),
      'GET /me?lang=de': () => json(200, me),
    });
    const { client, store } = await load();
    await store.signIn('owner@example.com', 'secret');
    expect(store.getSession()).toMatchObject({ status: 'signed-in', user: { name: 'Olivia Owner' } });

    const result = await client.apiFetch(client.apiPath('/me', { lang: 'de', skip: undefined }), meResponseSchema);
    expect(result.organization.name).toBe('Acme');
    expect(calls.at(-1)?.authorization).toBe('Bearer token-1');
  });

  it('turns error bodies, network failures and unexpected shapes into ApiError', async () => {
    stubApi({
      'GET /limited': () => json(429, { error: { code: 'too_many_attempts', message: 'Slow down.' } }),
      'GET /odd': () => json(200, { unexpected: true }),
    });
    const { client } = await load();
    const schema = meResponseSchema;
    await expect(client.apiFetch('/limited', schema)).rejects.toMatchObject({ status: 429, code: 'too_many_attempts', message: 'Slow down.' });
    await expect(client.apiFetch('/offline', schema)).rejects.toMatchObject({ status: 0, code: 'network_error' });
    await expect(client.apiFetch('/odd', schema)).rejects.toMatchObject({ status: 502, code: 'invalid_response' });
  });

  it('refreshes once on a 401 and retries with the new token', async () => {
    const calls = stubApi({
      'POST /auth/login': () => json(200, session('stale')),
      'POST /auth/refresh': () => json(200, session('fresh')),
      'GET /me': ({ authorization }) =>
        authorization === 'Bearer fresh' ? json(200, me) : json(401, { error: { code: 'unauthorized', message: 'Expired' } }),
    });
    const { client, store } = await load();
    await store.signIn('owner@example.com', 'secret');
    await expect(client.apiFetch('/me', meResponseSchema)).resolves.toEqual(me);
    expect(calls.map((c) => `${c.method} ${c.path} ${c.authorization ?? '-'}`)).toEqual([
      'POST /auth/login -',
      'GET /me Bearer stale',
      'POST /auth/refresh -',
      'GET /me Bearer fresh',
    ]);
  });

  it('signs out locally when the refresh is refused', async () => {
    stubApi({
      'POST /auth/login': () => json(200, session('stale')),
      'POST /auth/refresh': () => json(401, { error: { code: 'session_expired', message: 'Ended' } }),
      'GET /me': () => json(401, { error: { code: 'unauthorized', message: 'Expired' } }),
    });
    const { client, store } = await load();
    await store.signIn('owner@example.com', 'secret');
    await expect(client.apiFetch('/me', anything)).rejects.toMatchObject({ status: 401 });
    expect(store.getSession().status).toBe('signed-out');
    expect(store.getAccessToken()).toBeNull();
  });
});

describe('session store', () => {
  it('restores a session on load, shares concurrent refreshes and renews before expiry', async () => {
    let issued = 0;
    const calls = stubApi({ 'POST /auth/refresh': () => json(200, session(`token-${++issued}`)) });
    const { store } = await load();
    expect(store.getSession().status).toBe('loading');
    const [first, second] = await Promise.all([store.refreshSession(), store.refreshSession()]);
    expect([first, second, calls.length, store.getAccessToken()]).toEqual([true, true, 1, 'token-1']);

    await vi.advanceTimersByTimeAsync(839_000);
    expect(calls.length).toBe(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(store.getAccessToken()).toBe('token-2');
  });

  it('treats a refused refresh on load as signed out', async () => {
    stubApi({ 'POST /auth/refresh': () => json(401, { error: { code: 'session_expired', message: 'No session.' } }) });
    const { store } = await load();
    await expect(store.refreshSession()).resolves.toBe(false);
    expect(store.getSession().status).toBe('signed-out');
  });

  it('clears the session even when logout fails, and reports the failure', async () => {
    const calls = stubApi({ 'POST /auth/login': () => json(200, session('token-1')) });
    const { store } = await load();
    await store.signIn('owner@example.com', 'secret');
    await expect(store.signOut()).rejects.toMatchObject({ code: 'network_error' });
    expect(calls.at(-1)).toMatchObject({ method: 'POST', path: '/auth/logout', authorization: 'Bearer token-1' });
    expect(store.getSession().status).toBe('signed-out');
    expect(store.getAccessToken()).toBeNull();
  });

  it('rejects a login answer without a session', async () => {
    stubApi({ 'POST /auth/login': () => json(200, { ok: true }) });
    const { store } = await load();
    await expect(store.signIn('owner@example.com', 'secret')).rejects.toMatchObject({ message: 'No session returned from login' });
    expect(store.getSession().status).toBe('loading');
  });
});
