import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  /** Path and query as sent. */
  path: string;
  headers: IncomingHttpHeaders;
  /** The raw body, as signatures are computed over it. */
  body: string;
  /** Date.now() when the body was complete. */
  at: number;
  /** The status this receiver answered, or null while held / when the sender went away first. */
  answered: number | null;
  /** The sender closed the connection before an answer (e.g. it was killed). */
  aborted: boolean;
}

export type Reply = { status: number; headers?: Record<string, string>; body?: string; delayMs?: number } | 'hold';
/** Decides the answer to the `index`-th request (0-based); 'hold' keeps it open without an answer. */
export type Responder = (request: ReceivedRequest, index: number) => Reply;

export interface TestReceiver {
  /** Base URL, e.g. http://127.0.0.1:41234 or http://[::1]:41234. */
  url: string;
  port: number;
  readonly requests: readonly ReceivedRequest[];
  respond(responder: Responder): void;
  /** Resolves with all requests once at least `count` arrived. */
  waitForRequests(count: number, timeoutMs?: number): Promise<ReceivedRequest[]>;
  close(): Promise<void>;
}

/** A real HTTP server on a free loopback port that records every request (webhook, Slack, Telegram receivers). */
export async function startTestReceiver(options: { host?: '127.0.0.1' | '::1'; respond?: Responder } = {}): Promise<TestReceiver> {
  const host = options.host ?? '127.0.0.1';
  let responder: Responder = options.respond ?? (() => ({ status: 200, body: 'ok' }));
  const requests: ReceivedRequest[] = [];
  const waiters = new Set<() => void>();

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const received: ReceivedRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
        answered: null,
        aborted: false,
      };
      requests.push(received);
      res.on('close', () => {
        if (!res.writableFinished) received.aborted = true;
      });
      const reply = responder(received, requests.length - 1);
      if (reply !== 'hold') {
        const answer = () => {
          if (res.destroyed) return;
          received.answered = reply.status;
          res.writeHead(reply.status, reply.headers).end(reply.body ?? '');
        };
        if (reply.delayMs) setTimeout(answer, reply.delayMs);
        else answer();
      }
      for (const wake of waiters) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, () => resolve()));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    requests,
    respond(next) {
      responder = next;
    },
    waitForRequests(count, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (requests.length < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve([...requests]);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`${requests.length} of ${count} requests within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
