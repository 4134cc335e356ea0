import { LIVE_PATH, liveServerMessageSchema, type LiveServerMessage } from '@taktwerk/common';
import type { Pool } from '@taktwerk/db';
import { WebSocket, type ClientOptions } from 'ws';
import { createTestOrganization, type TestOrganization } from '../../../../testing/fixtures';
import { TestClient } from '../../../../testing/http';

/** Helpers shared by the live tests: a websocket client that records what it gets, and a tenant to stream. */

export interface Closed {
  code: number;
  reason: string;
}

export interface Received {
  message: LiveServerMessage;
  at: number;
}

export class LiveTestSocket {
  readonly received: Received[] = [];
  readonly closed: Promise<Closed>;
  readonly opened: Promise<void>;
  readonly ws: WebSocket;

  constructor(baseUrl: string, options: ClientOptions & { query?: string } = {}) {
    const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}${LIVE_PATH}${options.query ?? ''}`, options);
    this.ws = ws;
    this.opened = new Promise((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    this.closed = new Promise((resolve) => ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })));
    ws.on('error', () => undefined);
    ws.on('message', (data) => {
      this.received.push({ message: liveServerMessageSchema.parse(JSON.parse(String(data))), at: Date.now() });
    });
  }

  static async open(baseUrl: string, options: ClientOptions & { query?: string } = {}): Promise<LiveTestSocket> {
    const socket = new LiveTestSocket(baseUrl, options);
    await socket.opened;
    return socket;
  }

  /** Opens a socket, authenticates and waits for `ready`. */
  static async signedIn(baseUrl: string, token: string): Promise<LiveTestSocket> {
    const socket = await LiveTestSocket.open(baseUrl);
    socket.send({ type: 'auth', token });
    await socket.next('ready');
    return socket;
  }

  send(message: unknown): void {
    this.ws.send(JSON.stringify(message));
  }

  /** The first message of a type received at or after position `from` (default: any so far or yet to come). */
  async next<T extends LiveServerMessage['type']>(type: T, timeoutMs = 5000, from = 0): Promise<Extract<LiveServerMessage, { type: T }>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const hit = this.received.slice(from).find((r) => r.message.type === type);
      if (hit) return hit.message as Extract<LiveServerMessage, { type: T }>;
      if (Date.now() > deadline) throw new Error(`no ${type} message within ${timeoutMs} ms; got ${JSON.stringify(this.received.map((r) => r.message.type))}`);
      await sleep(10);
    }
  }

  async subscribe(machineIds: string[], tags?: string[]): Promise<void> {
    const from = this.received.length;
    this.send({ type: 'subscribe', machineIds, ...(tags ? { tags } : {}) });
    await this.next('subscribed', 5000, from);
  }

  /** Points received so far, flattened: [machineId, tag, t, v]. */
  points(): [string, string, number, number | string | null][] {
    return this.received.flatMap(({ message }) =>
      message.type === 'points'
        ? message.data.flatMap((m) => m.series.flatMap((s) => s.t.map((t, i) => [m.machineId, s.tag, t, s.v[i] ?? null] as [string, string, number, number | string | null])))
        : [],
    );
  }

  pointMessages(): Received[] {
    return this.received.filter((r) => r.message.type === 'points');
  }

  async waitForPoints(count: number, timeoutMs = 5000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.points().length < count) {
      if (Date.now() > deadline) throw new Error(`got ${this.points().length} of ${count} points within ${timeoutMs} ms`);
      await sleep(10);
    }
  }

  close(): void {
    this.ws.close();
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface LiveTenant {
  org: TestOrganization;
  owner: TestClient;
  accessToken: string;
  machineId: string;
  ingestKey: string;
}

/** An organization with room to ingest, its owner signed in, one machine and an ingest key. */
export async function createLiveTenant(pool: Pool, baseUrl: string): Promise<LiveTenant> {
  const org = await createTestOrganization(pool, { usageLimits: { machines: 5, ingestPointsPerDay: 10_000_000 } });
  const owner = new TestClient(baseUrl);
  const login = await owner.request('POST', '/api/v1/auth/login', { body: { email: org.owner.email, password: org.owner.password } });
  const accessToken = login.json.accessToken as string;
  const machine = await owner.request('POST', '/api/v1/machines', { token: accessToken, body: { name: 'Press 1' } });
  const key = await owner.request('POST', '/api/v1/api-keys', { token: accessToken, body: { label: 'agent', scopes: ['ingest:write'] } });
  if (login.status !== 200 || machine.status !== 201 || key.status !== 201) throw new Error('could not set up a live tenant');
  return { org, owner, accessToken, machineId: machine.json.machine.id as string, ingestKey: key.json.key as string };
}

export async function ingest(baseUrl: string, key: string, machineId: string, values: unknown[]): Promise<number> {
  const res = await fetch(`${baseUrl}/api/v1/ingest`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ machineId, values }),
  });
  await res.arrayBuffer();
  return res.status;
}
