import { randomUUID } from 'node:crypto';
import { LIVE_CLOSE } from '@taktwerk/common';
import { withPlatform } from '@taktwerk/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../../../testing/api-server';
import { TestClient } from '../../../../testing/http';
import { AccessTokens } from '../../http/tokens';
import { LiveTestSocket, createLiveTenant, ingest, sleep, type LiveTenant } from './live-test-kit';

const COALESCE_MS = 100;
const MAX_BUFFERED = 64 * 1024;

let api: TestApi;
let tenant: LiveTenant;
beforeAll(async () => {
  api = await startTestApi({ LIVE_AUTH_TIMEOUT_MS: '300', LIVE_COALESCE_MS: String(COALESCE_MS), LIVE_MAX_BUFFERED_BYTES: String(MAX_BUFFERED) });
  tenant = await createLiveTenant(api.deps.pool, api.baseUrl);
});
afterAll(async () => api.close());

const point = (tag: string, value: number | string, msAgo = 1000) => ({ tag, timestamp: Date.now() - msAgo, value });

/** A token of the tenant owner's session that expires within 1–2 s (exp is in whole seconds). */
async function shortLivedToken(): Promise<string> {
  const claims = await api.deps.tokens.verify(tenant.accessToken);
  return new AccessTokens(api.deps.env.JWT_SECRET, 2).sign(claims!);
}

describe('live sockets: authentication', () => {
  it('closes a socket that does not authenticate in time, even with a token in the URL', async () => {
    const silent = await LiveTestSocket.open(api.baseUrl, { query: `?token=${tenant.accessToken}&access_token=${tenant.accessToken}` });
    expect(await silent.closed).toEqual({ code: LIVE_CLOSE.unauthorized, reason: 'authentication required' });
    expect(silent.received).toEqual([]);
  });

  it('closes 4401 for a first message other than auth, a forged token, an API key and an expired token', async () => {
    const early = await LiveTestSocket.open(api.baseUrl);
    early.send({ type: 'subscribe', machineIds: [tenant.machineId] });
    expect((await early.closed).code).toBe(LIVE_CLOSE.unauthorized);

    const forged = await LiveTestSocket.open(api.baseUrl);
    forged.send({ type: 'auth', token: await new AccessTokens('x'.repeat(40), 60).sign((await api.deps.tokens.verify(tenant.accessToken))!) });
    expect(await forged.closed).toEqual({ code: LIVE_CLOSE.unauthorized, reason: 'invalid or expired token' });

    const apiKey = await LiveTestSocket.open(api.baseUrl);
    apiKey.send({ type: 'auth', token: tenant.ingestKey });
    expect(await apiKey.closed).toEqual({ code: LIVE_CLOSE.unauthorized, reason: 'invalid or expired token' });

    const token = await shortLivedToken();
    await sleep(2100);
    const expired = await LiveTestSocket.open(api.baseUrl);
    expired.send({ type: 'auth', token });
    expect(await expired.closed).toEqual({ code: LIVE_CLOSE.unauthorized, reason: 'invalid or expired token' });
    expect([...early.received, ...forged.received, ...expired.received]).toEqual([]);
  });

  it('refuses the handshake from a foreign page but accepts the same host and clients without Origin', async () => {
    const foreign = new LiveTestSocket(api.baseUrl, { origin: 'https://evil.example' });
    await expect(foreign.opened).rejects.toThrow(/403/);
    const sameHost = await LiveTestSocket.open(api.baseUrl, { origin: api.baseUrl.replace(/:\d+$/, ':5173') });
    sameHost.send({ type: 'auth', token: tenant.accessToken });
    await sameHost.next('ready');
    sameHost.close();
  });

  it('lets a member with machine:read in and closes 4403 for a user without it', async () => {
    const member = await LiveTestSocket.open(api.baseUrl);
    const login = await new TestClient(api.baseUrl).request('POST', '/api/v1/auth/login', { body: { email: tenant.org.member.email, password: tenant.org.member.password } });
    member.send({ type: 'auth', token: login.json.accessToken });
    const ready = await member.next('ready');
    expect(ready.expiresAt).toBeGreaterThan(Date.now() + 60_000);
    member.close();

    await withPlatform(api.deps.pool, (db) => db.query(`UPDATE users SET permissions = '{}' WHERE id = $1`, [tenant.org.member.id]));
    try {
      const denied = await LiveTestSocket.open(api.baseUrl);
      denied.send({ type: 'auth', token: login.json.accessToken });
      expect(await denied.closed).toEqual({ code: LIVE_CLOSE.forbidden, reason: 'permission machine:read required' });
    } finally {
      await withPlatform(api.deps.pool, (db) => db.query(`UPDATE users SET permissions = $2 WHERE id = $1`, [tenant.org.member.id, ['machine:read']]));
    }
  });

  it('closes the socket when its token expires, unless a fresh token arrives over the socket', async () => {
    const lapsing = await LiveTestSocket.signedIn(api.baseUrl, await shortLivedToken());
    const renewed = await LiveTestSocket.signedIn(api.baseUrl, await shortLivedToken());
    await renewed.subscribe([tenant.machineId]);
    renewed.send({ type: 'auth', token: tenant.accessToken });
    expect(await lapsing.closed).toEqual({ code: LIVE_CLOSE.unauthorized, reason: 'token expired' });
    await sleep(500);
    expect(renewed.received.filter((r) => r.message.type === 'ready')).toHaveLength(2);
    // Still open and still subscribed after the first token's expiry.
    expect(await ingest(api.baseUrl, tenant.ingestKey, tenant.machineId, [point('renewed', 1)])).toBe(200);
    await renewed.waitForPoints(1);
    renewed.close();
  });

  it('closes the sockets of a session that logs out, and only those', async () => {
    const other = await createLiveTenant(api.deps.pool, api.baseUrl);
    const leaving = await LiveTestSocket.signedIn(api.baseUrl, other.accessToken);
    const staying = await LiveTestSocket.signedIn(api.baseUrl, tenant.accessToken);
    expect((await other.owner.request('POST', '/api/v1/auth/logout')).status).toBe(204);
    expect(await leaving.closed).toEqual({ code: LIVE_CLOSE.unauthorized, reason: 'session ended' });
    await sleep(200);
    expect(staying.ws.readyState).toBe(staying.ws.OPEN);
    staying.close();
  });
});

describe('live sockets: subscriptions and delivery', () => {
  it("refuses other organizations' and unknown machines and never sends their points", async () => {
    const foreign = await createLiveTenant(api.deps.pool, api.baseUrl);
    const unknown = randomUUID();
    const socket = await LiveTestSocket.signedIn(api.baseUrl, tenant.accessToken);
    socket.send({ type: 'subscribe', machineIds: [foreign.machineId, unknown] });
    const refused = await socket.next('error');
    expect(refused).toEqual({ type: 'error', code: 'machine_not_found', message: 'Machine not found.', machineIds: [foreign.machineId, unknown] });
    expect(socket.received.some((r) => r.message.type === 'subscribed')).toBe(false);

    await socket.subscribe([tenant.machineId]);
    expect(await ingest(api.baseUrl, foreign.ingestKey, foreign.machineId, [point('secret', 13)])).toBe(200);
    expect(await ingest(api.baseUrl, tenant.ingestKey, tenant.machineId, [point('own', 7)])).toBe(200);
    await socket.waitForPoints(1);
    await sleep(300);
    expect(socket.points().map(([machineId, tag, , value]) => [machineId, tag, value])).toEqual([[tenant.machineId, 'own', 7]]);
    socket.close();
  });

  it('answers malformed messages with bad_message and keeps the socket', async () => {
    const socket = await LiveTestSocket.signedIn(api.baseUrl, tenant.accessToken);
    socket.ws.send('{not json');
    expect(await socket.next('error')).toMatchObject({ type: 'error', code: 'bad_message' });
    const from = socket.received.length;
    socket.send({ type: 'subscribe', machineIds: ['not-a-uuid'] });
    expect(await socket.next('error', 5000, from)).toMatchObject({ type: 'error', code: 'bad_message' });
    await socket.subscribe([tenant.machineId]);
    socket.close();
  });

  it('filters by tag case-insensitively and stops after unsubscribe', async () => {
    const socket = await LiveTestSocket.signedIn(api.baseUrl, tenant.accessToken);
    await socket.subscribe([tenant.machineId], ['SPINDLE.temp']);
    const at = Date.now() - 5000;
    const status = await ingest(api.baseUrl, tenant.ingestKey, tenant.machineId, [
      { tag: 'spindle.temp', timestamp: at, value: 41.5, quality: 192 },
      { tag: 'mode', timestamp: at, value: 'auto' },
      { tag: 'spindle.temp', timestamp: at + 1, value: 41.7 },
    ]);
    expect(status).toBe(200);
    await socket.waitForPoints(2);
    const [message] = socket.pointMessages();
    expect(message!.message).toEqual({
      type: 'points',
      data: [{ machineId: tenant.machineId, series: [{ tag: 'spindle.temp', t: [at, at + 1], v: [41.5, 41.7], q: [192, null] }] }],
    });

    socket.send({ type: 'unsubscribe', machineIds: [tenant.machineId] });
    await socket.next('unsubscribed');
    expect(await ingest(api.baseUrl, tenant.ingestKey, tenant.machineId, [point('spindle.temp', 1, 4000)])).toBe(200);
    await sleep(300);
    expect(socket.points()).toHaveLength(2);
    socket.close();
  });

  it('coalesces a burst of batches into at most one message per window', async () => {
    const socket = await LiveTestSocket.signedIn(api.baseUrl, tenant.accessToken);
    await socket.subscribe([tenant.machineId], ['burst']);
    const BATCHES = 20;
    const committedAt: number[] = [];
    const base = Date.now() - 60_000;
    for (let i = 0; i < BATCHES; i += 1) {
      expect(await ingest(api.baseUrl, tenant.ingestKey, tenant.machineId, [{ tag: 'burst', timestamp: base + i, value: i }])).toBe(200);
      committedAt.push(Date.now());
    }
    await socket.waitForPoints(BATCHES);
    const messages = socket.pointMessages();
    expect(messages.length).toBeLessThan(BATCHES);
    expect(socket.points().map(([, , , v]) => v)).toEqual([...Array(BATCHES).keys()]);
    // Flushes are at least a window apart (receipt adds some jitter), and no point waited much longer than one.
    for (let i = 1; i < messages.length; i += 1) expect(messages[i]!.at - messages[i - 1]!.at).toBeGreaterThanOrEqual(COALESCE_MS - 40);
    for (const { message, at } of messages) {
      if (message.type !== 'points') continue;
      for (const v of message.data[0]!.series[0]!.v) expect(at - committedAt[v as number]!).toBeLessThan(COALESCE_MS + 150);
    }
    socket.close();
  });
});

describe('live sockets: dead and slow peers', () => {
  it('terminates a peer that stops answering pings and keeps one that answers', async () => {
    const HEARTBEAT_MS = 150;
    const beating = await startTestApi({ LIVE_HEARTBEAT_MS: String(HEARTBEAT_MS) });
    try {
      const dead = await LiveTestSocket.open(beating.baseUrl, { autoPong: false });
      dead.send({ type: 'auth', token: tenant.accessToken });
      await dead.next('ready');
      const healthy = await LiveTestSocket.signedIn(beating.baseUrl, tenant.accessToken);
      const closed = await Promise.race([dead.closed, sleep(HEARTBEAT_MS * 10).then(() => null)]);
      expect(closed?.code).toBe(1006); // cut without a closing handshake
      await sleep(HEARTBEAT_MS * 3);
      expect(healthy.ws.readyState).toBe(healthy.ws.OPEN);
      expect(beating.live.stats().sockets).toBe(1);
      healthy.close();
    } finally {
      await beating.close();
    }
  });

  it('drops a consumer that does not read instead of buffering for it', async () => {
    // No coalescing here, so each message is one ~50 kB batch and the bound can be checked to the byte.
    const server = await startTestApi({ LIVE_COALESCE_MS: '0', LIVE_MAX_BUFFERED_BYTES: String(MAX_BUFFERED) });
    try {
      const slow = await LiveTestSocket.signedIn(server.baseUrl, tenant.accessToken);
      await slow.subscribe([tenant.machineId], ['note']);
      expect(server.live.stats().sockets).toBe(1);
      // Stop reading: the kernel buffers fill, then the server's send buffer grows.
      const tcp = (slow.ws as unknown as { _socket: { pause(): void; resume(): void } })._socket;
      tcp.pause();

      const text = 'x'.repeat(1000);
      const BATCH = 50;
      let maxBuffered = 0;
      const sample = setInterval(() => (maxBuffered = Math.max(maxBuffered, server.live.stats().bufferedBytes)), 2);
      let batches = 0;
      const base = Date.now() - 3_600_000;
      while (server.live.stats().sockets === 1 && batches < 500) {
        const values = Array.from({ length: BATCH }, (_, i) => ({ tag: 'note', timestamp: base + batches * BATCH + i, value: text }));
        expect(await ingest(server.baseUrl, tenant.ingestKey, tenant.machineId, values)).toBe(200);
        batches += 1;
      }
      clearInterval(sample);
      expect(server.live.stats().sockets).toBe(0);
      // Bounded by the limit (plus frame headers), however much was ingested.
      expect(maxBuffered).toBeLessThanOrEqual(MAX_BUFFERED + 1024);
      expect(maxBuffered).toBeGreaterThan(MAX_BUFFERED / 4);
      expect(batches * BATCH * text.length).toBeGreaterThan(4 * MAX_BUFFERED);
      tcp.resume();
      expect(await slow.closed).toEqual({ code: LIVE_CLOSE.tooSlow, reason: 'too slow: messages were not read' });
    } finally {
      await server.close();
    }
  });
});
