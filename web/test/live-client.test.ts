import { LIVE_PATH, type LiveSeries } from '@taktwerk/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket as NodeWebSocket } from 'ws';
import { startTestApi, type TestApi } from '../../testing/api-server';
import { createTestOrganization } from '../../testing/fixtures';
import { AccessTokens } from '../../api/src/http/tokens';
import { LiveClient, type LiveSession, type LiveStatus } from '../src/app/live/live-client';

// The client against the real api, with Node's `ws` standing in for the browser's WebSocket.
let api: TestApi;
const tenant = { accessToken: '', refreshCookie: '', machineId: '', ingestKey: '' };

async function call(path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; json: Record<string, any>; cookie: string }> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const res = await fetch(`${api.baseUrl}/api/v1${path}`, {
    method: 'POST',
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : {}, cookie: res.headers.getSetCookie()[0]?.split(';')[0] ?? '' };
}

beforeAll(async () => {
  api = await startTestApi({ LIVE_COALESCE_MS: '20' });
  const { owner } = await createTestOrganization(api.deps.pool, { usageLimits: { machines: 2 } });
  const login = await call('/auth/login', { email: owner.email, password: owner.password });
  tenant.accessToken = login.json.accessToken;
  tenant.refreshCookie = login.cookie;
  const auth = { authorization: `Bearer ${tenant.accessToken}` };
  tenant.machineId = (await call('/machines', { name: 'Press 1' }, auth)).json.machine.id;
  tenant.ingestKey = (await call('/api-keys', { label: 'agent', scopes: ['ingest:write'] }, auth)).json.key;
});
afterAll(async () => api.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Like the session store: a token in memory, renewed through the refresh cookie, listeners told of changes. */
function testSession(initial: string) {
  let token: string | null = initial;
  let refreshes = 0;
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((l) => l());
  const session: LiveSession = {
    getToken: () => token,
    async refresh() {
      refreshes += 1;
      const res = await call('/auth/refresh', undefined, { cookie: tenant.refreshCookie });
      if (res.cookie) tenant.refreshCookie = res.cookie;
      token = res.status === 200 ? (res.json.accessToken as string) : null;
      notify();
      return token !== null;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return {
    session,
    refreshes: () => refreshes,
    setToken(next: string | null) {
      token = next;
      notify();
    },
  };
}

function clientFor(session: LiveSession): LiveClient {
  return new LiveClient({ url: `${api.baseUrl.replace(/^http/, 'ws')}${LIVE_PATH}`, session, WebSocket: NodeWebSocket as unknown as new (url: string) => WebSocket });
}

async function until(check: () => boolean, what: string, timeoutMs = 8000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

async function shortLivedToken(): Promise<string> {
  const claims = await api.deps.tokens.verify(tenant.accessToken);
  return new AccessTokens(api.deps.env.JWT_SECRET, 2).sign(claims!);
}

/** Subscriptions settle asynchronously: ingest until the points show (each try is a new point). */
async function sendUntil(arrived: () => boolean, ...tags: string[]): Promise<void> {
  const deadline = Date.now() + 8000;
  while (!arrived()) {
    if (Date.now() > deadline) throw new Error(`no points for ${tags.join(', ')}`);
    expect(await send(...tags)).toBe(200);
    await sleep(100);
  }
}

const tagsOf = (received: LiveSeries[][]) => received.flat().map((s) => s.tag);
let clock = Date.now() - 600_000;
const send = async (...tags: string[]) =>
  (await call('/ingest', { machineId: tenant.machineId, values: tags.map((tag) => ({ tag, timestamp: (clock += 1), value: 1 })) }, { authorization: `Bearer ${tenant.ingestKey}` })).status;

describe('LiveClient', () => {
  it('shares one socket between watchers, each getting only the tags it asked for', async () => {
    const { session } = testSession(tenant.accessToken);
    const client = clientFor(session);
    const narrow: LiveSeries[][] = [];
    const wide: LiveSeries[][] = [];
    const stopNarrow = client.watch(tenant.machineId, ['Alpha'], { onPoints: (s) => narrow.push(s) });
    const stopWide = client.watch(tenant.machineId, undefined, { onPoints: (s) => wide.push(s) });
    await sendUntil(() => wide.length > 0, 'alpha', 'beta');
    expect(new Set(tagsOf(narrow))).toEqual(new Set(['alpha']));
    expect(new Set(tagsOf(wide))).toEqual(new Set(['alpha', 'beta']));
    expect(api.live.stats().sockets).toBe(1);
    stopNarrow();
    stopWide();
    await until(() => client.getStatus() === 'idle', 'idle after the last watcher left');
  });

  it('renews the token over the open socket when the session renews it', async () => {
    const { session, setToken } = testSession(await shortLivedToken());
    const client = clientFor(session);
    const statuses: LiveStatus[] = [];
    client.subscribeStatus(() => statuses.push(client.getStatus()));
    const received: LiveSeries[][] = [];
    const stop = client.watch(tenant.machineId, ['renew'], { onPoints: (s) => received.push(s) });
    await until(() => client.getStatus() === 'live', 'live');
    setToken(tenant.accessToken);
    await sleep(2200); // past the first token's expiry
    expect(await send('renew')).toBe(200);
    await until(() => received.length === 1, 'points after renewal');
    expect(statuses).toEqual(['connecting', 'live']);
    stop();
  });

  it('reconnects after the server closes the socket, renewing the token and subscribing again', async () => {
    const { session, refreshes } = testSession(await shortLivedToken());
    const client = clientFor(session);
    const statuses: LiveStatus[] = [];
    client.subscribeStatus(() => statuses.push(client.getStatus()));
    const received: LiveSeries[][] = [];
    const stop = client.watch(tenant.machineId, ['again'], { onPoints: (s) => received.push(s) });
    await until(() => statuses.includes('reconnecting'), 'server closing the socket at token expiry');
    await until(() => client.getStatus() === 'live', 'live again');
    expect(refreshes()).toBe(1);
    await sendUntil(() => received.length > 0, 'again');
    stop();
  });

  it('closes on sign-out and reports machines the server refuses', async () => {
    await until(() => api.live.stats().sockets === 0, 'earlier clients to close');
    const { session, setToken } = testSession(tenant.accessToken);
    const client = clientFor(session);
    const errors: string[] = [];
    client.watch('00000000-0000-4000-8000-000000000000', undefined, { onPoints: () => undefined, onError: (code) => errors.push(code) });
    await until(() => errors.length === 1, 'refusal');
    expect(errors).toEqual(['machine_not_found']);
    expect(api.live.stats().sockets).toBe(1);
    setToken(null);
    expect(client.getStatus()).toBe('idle');
    await until(() => api.live.stats().sockets === 0, 'socket closed on the server');
  });
});
