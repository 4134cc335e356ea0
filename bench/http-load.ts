import http from 'node:http';
import { percentile, round } from './timing';

/** A request unanswered this long counts as failed: no run can hang on a stuck server. */
const REQUEST_TIMEOUT_MS = 30_000;

/** Keep-alive HTTP client for POST /api/v1/ingest: node:http, no per-request allocation beyond the body. */
export class IngestClient {
  private readonly agent: http.Agent;
  private readonly url: URL;

  constructor(
    baseUrl: string,
    private readonly apiKey: string,
    maxSockets: number,
  ) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets });
    this.url = new URL('/api/v1/ingest', baseUrl);
  }

  /** Sends one batch; resolves with the status and the number of points the api stored. */
  post(body: Buffer): Promise<{ status: number; accepted: number }> {
    return new Promise((resolve, reject) => {
      const req = http.request(
        this.url,
        {
          method: 'POST',
          agent: this.agent,
          headers: { authorization: `Bearer ${this.apiKey}`, 'content-type': 'application/json', 'content-length': body.length },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const status = res.statusCode ?? 0;
            const accepted = status === 200 ? ((JSON.parse(Buffer.concat(chunks).toString()) as { accepted: number }).accepted ?? 0) : 0;
            resolve({ status, accepted });
          });
          res.on('error', reject);
        },
      );
      req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms`)));
      req.on('error', reject);
      req.end(body);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

/** Batches to send, made before the clock starts, so generating them does not compete with the api for CPU. */
export interface BodySource {
  next(): Buffer | undefined;
  readonly pointsPerBody: number;
}

export interface LoadFigures {
  seconds: number;
  batches: number;
  failed: number;
  /** Points the api reported as stored, per second of the measured window. */
  pointsPerSecond: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number };
  /** Batches the run wanted to send but had no body left for (the prepared supply ran out). */
  starved: number;
  /** Points stored over the whole run, warm-up included (for CPU per point). */
  storedInRun: number;
}

function summarize(latencies: number[], points: number, seconds: number, failed: number, starved: number, storedInRun: number): LoadFigures {
  latencies.sort((a, b) => a - b);
  return {
    seconds: round(seconds, 1),
    batches: latencies.length,
    failed,
    pointsPerSecond: round(points / seconds),
    latencyMs: {
      p50: round(percentile(latencies, 50), 1),
      p90: round(percentile(latencies, 90), 1),
      p99: round(percentile(latencies, 99), 1),
      max: round(latencies.at(-1) ?? Number.NaN, 1),
    },
    starved,
    storedInRun,
  };
}

/**
 * Closed loop: `concurrency` agents, each sending its next batch as soon as the last was answered. Requests started
 * during the first `warmupSeconds` are not counted.
 */
export async function closedLoop(client: IngestClient, source: BodySource, o: { concurrency: number; seconds: number; warmupSeconds: number }): Promise<LoadFigures> {
  const start = performance.now();
  const measureFrom = start + o.warmupSeconds * 1000;
  const end = measureFrom + o.seconds * 1000;
  const latencies: number[] = [];
  let points = 0;
  let failed = 0;
  let starved = 0;
  let storedInRun = 0;
  await Promise.all(
    Array.from({ length: o.concurrency }, async () => {
      for (;;) {
        const sentAt = performance.now();
        if (sentAt >= end) return;
        const body = source.next();
        if (!body) {
          starved += 1;
          return;
        }
        const answer = await client.post(body).catch(() => ({ status: 0, accepted: 0 }));
        storedInRun += answer.accepted;
        if (sentAt < measureFrom) continue;
        latencies.push(performance.now() - sentAt);
        if (answer.status === 200) points += answer.accepted;
        else failed += 1;
      }
    }),
  );
  // Answers that arrive after `end` still count: the window is from the first measured send to the last answer.
  return summarize(latencies, points, (performance.now() - measureFrom) / 1000, failed, starved, storedInRun);
}

/**
 * Open loop at a fixed rate: batch k is due at start + k / rate whether or not earlier ones were answered, and its
 * latency counts from when it was due, so a slow server cannot hide its queueing (no coordinated omission).
 */
export async function openLoop(client: IngestClient, source: BodySource, o: { batchesPerSecond: number; seconds: number; warmupSeconds: number }): Promise<LoadFigures> {
  const start = performance.now();
  const total = Math.floor((o.warmupSeconds + o.seconds) * o.batchesPerSecond);
  const warmup = Math.floor(o.warmupSeconds * o.batchesPerSecond);
  const latencies: number[] = [];
  const pending: Promise<void>[] = [];
  let points = 0;
  let failed = 0;
  let starved = 0;
  let storedInRun = 0;
  for (let k = 0; k < total; k += 1) {
    const due = start + (k * 1000) / o.batchesPerSecond;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const body = source.next();
    if (!body) {
      starved += 1;
      continue;
    }
    pending.push(
      client.post(body).then(
        (answer) => {
          storedInRun += answer.accepted;
          if (k < warmup) return;
          latencies.push(performance.now() - due);
          if (answer.status === 200) points += answer.accepted;
          else failed += 1;
        },
        () => {
          if (k >= warmup) failed += 1;
        },
      ),
    );
  }
  await Promise.all(pending);
  return summarize(latencies, points, o.seconds, failed, starved, storedInRun);
}
