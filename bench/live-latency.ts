import { LIVE_PATH } from '@taktwerk/common';
import { WebSocket } from 'ws';

export interface LiveLatencyOptions {
  /** The api, e.g. http://127.0.0.1:3000. */
  baseUrl: string;
  /** Access token of a user who may read the machine; must stay valid for the whole run. */
  accessToken: string;
  machineId: string;
  /** API key with ingest:write (or the machine's token). */
  ingestKey: string;
  sockets?: number;
  pointsPerSecond?: number;
  durationMs?: number;
  /** Ingest requests per second; the default stays under the default ingestPerMinute limit (1000). */
  batchesPerSecond?: number;
  tags?: number;
  /** Batches sent in this first stretch are delivered but not measured (JIT, connection pools warming up). */
  warmupMs?: number;
}

export interface LiveLatencyResult {
  /** Milliseconds from the start of the ingest request to a socket receiving the point, over every point × socket. */
  p50: number;
  p99: number;
  max: number;
  /** `points` messages received over all sockets. */
  messages: number;
  /** Sockets the server closed during the run (slow consumers, heartbeat). */
  dropped: number;
  pointsSent: number;
  /** Points received over all sockets; pointsSent × sockets when nothing was lost. */
  pointsReceived: number;
  ingestErrors: number;
  /** Ingest request round trips (commit included), for comparison: the live latency contains one. */
  ingestP50: number;
  ingestP99: number;
}

/** Latencies in 0.1 ms buckets up to 30 s: millions of samples in constant memory. */
class Histogram {
  private readonly buckets = new Float64Array(300_000);
  private count = 0;
  private maxMs = 0;

  add(ms: number, weight: number): void {
    this.buckets[Math.min(this.buckets.length - 1, Math.max(0, Math.round(ms * 10)))]! += weight;
    this.count += weight;
    if (ms > this.maxMs) this.maxMs = ms;
  }

  percentile(p: number): number {
    if (this.count === 0) return Number.NaN;
    const rank = (p / 100) * this.count;
    let seen = 0;
    for (let i = 0; i < this.buckets.length; i += 1) {
      seen += this.buckets[i]!;
      if (seen >= rank) return i / 10;
    }
    return this.maxMs;
  }

  get max(): number {
    return this.maxMs;
  }
}

interface Summary {
  /** Batch sequence numbers and how many points of each, in message order. */
  runs: [seq: number, points: number][];
  points: number;
}

/** The values of a points message are batch sequence numbers: count them in runs. */
function summarize(text: string): Summary | null {
  const message = JSON.parse(text) as { type: string; data?: { series: { v: number[] }[] }[] };
  if (message.type !== 'points' || !message.data) return null;
  const runs: [number, number][] = [];
  let points = 0;
  for (const machine of message.data) {
    for (const { v } of machine.series) {
      for (const seq of v) {
        const last = runs.at(-1);
        if (last && last[0] === seq) last[1] += 1;
        else runs.push([seq, 1]);
      }
      points += v.length;
    }
  }
  return { runs, points };
}

async function openSocket(wsUrl: string, accessToken: string, machineId: string, tags: string[], onText: (text: string) => void): Promise<WebSocket> {
  const ws = new WebSocket(wsUrl, { perMessageDeflate: false });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => ws.send(JSON.stringify({ type: 'auth', token: accessToken })));
    ws.once('error', reject);
    ws.once('close', (code, reason) => reject(new Error(`live socket closed during set-up: ${code} ${reason.toString()}`)));
    ws.on('message', function setUp(data) {
      const message = JSON.parse(String(data)) as { type: string };
      if (message.type === 'ready') ws.send(JSON.stringify({ type: 'subscribe', machineIds: [machineId], tags }));
      else if (message.type === 'subscribed') {
        ws.off('message', setUp);
        ws.removeAllListeners('close');
        ws.removeAllListeners('error');
        ws.on('error', () => undefined);
        ws.on('message', (payload) => onText(String(payload)));
        resolve();
      } else reject(new Error(`live socket set-up refused: ${String(data)}`));
    });
  });
  return ws;
}

/**
 * Ingest → websocket latency as the benchmark reports it: `sockets` sockets subscribed to one machine while
 * `pointsPerSecond` points are ingested through the HTTP API. Every point carries its batch's sequence number as
 * value; its latency is the receipt time minus the time its ingest request was started, both from this process's
 * monotonic clock. Sockets that get the very same message text share one parse (the server coalesces on one tick,
 * so they usually do); the receipt time is still each socket's own.
 */
export async function measureLiveLatency(options: LiveLatencyOptions): Promise<LiveLatencyResult> {
  const { baseUrl, accessToken, machineId, ingestKey } = options;
  const sockets = options.sockets ?? 200;
  const pointsPerSecond = options.pointsPerSecond ?? 10_000;
  const durationMs = options.durationMs ?? 10_000;
  const batchesPerSecond = options.batchesPerSecond ?? 10;
  const tagCount = options.tags ?? 10;
  const warmupMs = options.warmupMs ?? Math.min(1000, durationMs / 5);
  const tags = Array.from({ length: tagCount }, (_, i) => `bench.live.${String(i).padStart(2, '0')}`);
  const perTag = Math.max(1, Math.round(pointsPerSecond / batchesPerSecond / tagCount));
  const intervalMs = 1000 / batchesPerSecond;

  const sentAt: number[] = [];
  const histogram = new Histogram();
  const ingestHistogram = new Histogram();
  let firstMeasured = Number.POSITIVE_INFINITY;
  let messages = 0;
  let pointsReceived = 0;
  let cache = new Map<string, Summary | null>();
  const onText = (text: string) => {
    const at = performance.now();
    let summary = cache.get(text);
    if (summary === undefined) {
      summary = summarize(text);
      cache.set(text, summary);
    }
    if (!summary) return;
    messages += 1;
    pointsReceived += summary.points;
    for (const [seq, points] of summary.runs) {
      const sent = sentAt[seq];
      if (sent !== undefined && seq >= firstMeasured) histogram.add(at - sent, points);
    }
  };

  const wsUrl = `${baseUrl.replace(/^http/, 'ws')}${LIVE_PATH}`;
  const open = await Promise.all(Array.from({ length: sockets }, () => openSocket(wsUrl, accessToken, machineId, tags, onText)));
  let ending = false;
  let dropped = 0;
  for (const ws of open) ws.on('close', () => (dropped += ending ? 0 : 1));
  // Parsed texts are only reused within a short span; drop the cache each second so it cannot grow.
  const cacheReset = setInterval(() => (cache = new Map()), 1000);

  const baseTs = Date.now() - 120_000 - Math.ceil(durationMs / intervalMs) * perTag;
  let ingestErrors = 0;
  const requests: Promise<void>[] = [];
  const started = performance.now();
  for (let seq = 0; performance.now() - started < durationMs; seq += 1) {
    const due = started + seq * intervalMs;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    if (firstMeasured === Number.POSITIVE_INFINITY && performance.now() - started >= warmupMs) firstMeasured = seq;
    const values = tags.flatMap((tag) => Array.from({ length: perTag }, (_, i) => ({ tag, timestamp: baseTs + seq * perTag + i, value: seq })));
    sentAt[seq] = performance.now();
    requests.push(
      fetch(`${baseUrl}/api/v1/ingest`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ingestKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ machineId, values }),
      })
        .then(async (res) => {
          await res.arrayBuffer();
          if (!res.ok) ingestErrors += 1;
          else if (seq >= firstMeasured) ingestHistogram.add(performance.now() - sentAt[seq]!, 1);
        })
        .catch(() => {
          ingestErrors += 1;
        }),
    );
  }
  await Promise.all(requests);
  // Let the last window reach every socket.
  await new Promise((resolve) => setTimeout(resolve, 500));
  ending = true;
  clearInterval(cacheReset);
  await Promise.all(
    open.map(
      (ws) =>
        new Promise<void>((resolve) => {
          if (ws.readyState === WebSocket.CLOSED) return resolve();
          ws.once('close', () => resolve());
          ws.close(1000);
        }),
    ),
  );
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    p50: round(histogram.percentile(50)),
    p99: round(histogram.percentile(99)),
    max: round(histogram.max),
    messages,
    dropped,
    pointsSent: sentAt.length * perTag * tagCount,
    pointsReceived,
    ingestErrors,
    ingestP50: round(ingestHistogram.percentile(50)),
    ingestP99: round(ingestHistogram.percentile(99)),
  };
}
