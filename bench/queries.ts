import { finished } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { ApiProcess } from './api-process';
import { encodeCopyBinary } from './copy-writers';
import { IngestClient, openLoop, type LoadFigures } from './http-load';
import type { MachineCursor } from './points';
import { prepareBodies } from './points';
import { percentile, round } from './timing';

const SECOND = 1000;
const DAY = 86_400_000;
const ORIGIN = "TIMESTAMPTZ '2000-01-03 00:00:00+00'";

export interface LoadedData {
  machineId: string;
  tag: string;
  from: Date;
  to: Date;
  /** Points of the measured tag, and of the whole table after loading. */
  tagPoints: number;
  tablePoints: number;
  loadSeconds: number;
}

/**
 * 30 days of 1 Hz data for each of `tags` on one machine, ending now, loaded the fast way: binary COPY with the
 * rollup trigger switched off (superuser session), then both rollups computed in one pass each. The first tag is
 * the one the queries read; the others make up the rest of the table.
 */
export async function loadQueryData(superuserUrl: string, machineId: string, tags: string[], days: number): Promise<LoadedData> {
  const started = performance.now();
  const to = new Date(Math.floor(Date.now() / SECOND) * SECOND);
  const from = new Date(to.getTime() - days * DAY);
  const perTag = (to.getTime() - from.getTime()) / SECOND;
  const clients = [0, 1].map(() => new pg.Client({ connectionString: superuserUrl }));
  await Promise.all(clients.map((c) => c.connect()));
  try {
    await Promise.all(
      clients.map(async (client, lane) => {
        await client.query("SET session_replication_role = 'replica'");
        const stream = client.query(copyFrom('COPY ingested_values (machine_id, tag, ts, value, value_text, quality) FROM STDIN (FORMAT binary)'));
        const mine = tags.filter((_, i) => i % 2 === lane);
        const CHUNK = 50_000;
        for (const [t, tag] of mine.entries()) {
          for (let offset = 0; offset < perTag; offset += CHUNK) {
            const n = Math.min(CHUNK, perTag - offset);
            const times = Array.from({ length: n }, (_, i) => new Date(from.getTime() + (offset + i) * SECOND));
            const chunk = encodeCopyBinary({
              machineIds: times.map(() => machineId),
              tags: times.map(() => tag),
              timestamps: times,
              values: times.map((_, i) => Math.round((Math.sin((offset + i) / 3600 + t) * 50 + 50) * 100) / 100),
              texts: times.map(() => null),
              qualities: times.map(() => null),
            });
            // Binary COPY wants one signature and one trailer per stream: strip them from all but the ends.
            const body = chunk.subarray(offset === 0 && t === 0 ? 0 : 19, offset + n >= perTag && t === mine.length - 1 ? chunk.length : chunk.length - 2);
            if (!stream.write(body)) await new Promise((r) => stream.once('drain', r));
          }
        }
        stream.end();
        await finished(stream);
      }),
    );
    const superuser = clients[0]!;
    for (const [table, width] of [
      ['ingested_values_1m', '1 minute'],
      ['ingested_values_1h', '1 hour'],
    ] as const)
      await superuser.query(
        `INSERT INTO ${table} (machine_id, tag, bucket, min, max, sum, count)
         SELECT machine_id, tag, date_bin(INTERVAL '${width}', ts, ${ORIGIN}), min(value), max(value), sum(value), count(value)
           FROM ingested_values WHERE machine_id = $1 GROUP BY 1, 2, 3`,
        [machineId],
      );
    await superuser.query('ANALYZE ingested_values, ingested_values_1m, ingested_values_1h');
    const total = (await superuser.query<{ n: string }>("SELECT reltuples::bigint AS n FROM pg_class WHERE relname = 'ingested_values'")).rows[0]!.n;
    return { machineId, tag: tags[0]!, from, to, tagPoints: perTag, tablePoints: Number(total), loadSeconds: round((performance.now() - started) / 1000, 1) };
  } finally {
    await Promise.allSettled(clients.map((c) => c.end()));
  }
}

export interface LatencySummary {
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

const summarize = (ms: number[]): LatencySummary => {
  ms.sort((a, b) => a - b);
  return { requests: ms.length, p50: round(percentile(ms, 50), 1), p95: round(percentile(ms, 95), 1), p99: round(percentile(ms, 99), 1), max: round(ms.at(-1) ?? NaN, 1) };
};

export interface QueryFigures {
  data: LoadedData;
  /** avg over the raw rows of the 30 days in SQL, repeated: what the rollups save. */
  rawScanMs: { first: number; median: number };
  series: LatencySummary & { resolution: string; buckets: number };
  aggregate: LatencySummary & { exact: boolean };
  backgroundIngest: { batchesPerSecond: number } & LoadFigures;
}

async function timedJson(url: string, token: string): Promise<{ ms: number; json: Record<string, unknown> }> {
  const start = performance.now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(30_000) });
  const json = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${url}: ${res.status} ${JSON.stringify(json)}`);
  return { ms: performance.now() - start, json };
}

/**
 * p50/p95/p99 of the hourly 30-day series and of the 30-day aggregate, one request at a time, while the api ingests
 * at `ingestBatchesPerSecond` in the background; beside them the raw scan the rollups replace. The aggregate must
 * equal the raw scan (count and sum), which also proves the loaded rollups right.
 */
export async function measureQueries(
  api: ApiProcess,
  o: { appUrl: string; token: string; apiKey: string; data: LoadedData; cursors: MachineCursor[]; ingestBatchesPerSecond: number; batchSize: number; seconds: number },
): Promise<QueryFigures> {
  const { data } = o;
  const reader = new pg.Client({ connectionString: o.appUrl });
  await reader.connect();
  const scans: number[] = [];
  let raw: { count: number; sum: number } = { count: 0, sum: 0 };
  try {
    for (let i = 0; i < 5; i += 1) {
      const start = performance.now();
      const { rows } = await reader.query<{ avg: number; count: number; sum: number }>(
        'SELECT avg(value) AS avg, count(value)::bigint AS count, sum(value) AS sum FROM ingested_values WHERE machine_id = $1 AND tag = $2 AND ts >= $3 AND ts < $4',
        [data.machineId, data.tag, data.from, data.to],
      );
      scans.push(performance.now() - start);
      raw = { count: rows[0]!.count, sum: rows[0]!.sum };
    }
  } finally {
    await reader.end();
  }

  const q = (path: string, params: Record<string, string>) => `${api.baseUrl}${path}?${new URLSearchParams(params)}`;
  const seriesUrl = q('/api/v1/telemetry/series', { machineId: data.machineId, tag: data.tag, range: '30d', maxPoints: '720' });
  const aggregateUrl = q('/api/v1/analytics/aggregate', { machineId: data.machineId, tag: data.tag, from: data.from.toISOString(), to: data.to.toISOString() });
  // Warm-up outside the measurement: first requests compile code paths and fill caches.
  for (let i = 0; i < 5; i += 1) await Promise.all([timedJson(seriesUrl, o.token), timedJson(aggregateUrl, o.token)]);
  const first = await timedJson(seriesUrl, o.token);
  const seriesShape = first.json.series as { resolution: string; t: number[] };
  const agg = (await timedJson(aggregateUrl, o.token)).json as { count: number; sum: number };

  const client = new IngestClient(api.baseUrl, o.apiKey, 64);
  const bodies = prepareBodies(o.cursors, o.batchSize, Math.ceil(o.ingestBatchesPerSecond * (o.seconds + 2)) + 16);
  const background = openLoop(client, bodies, { batchesPerSecond: o.ingestBatchesPerSecond, seconds: o.seconds, warmupSeconds: 1 });
  const series: number[] = [];
  const aggregate: number[] = [];
  await new Promise((r) => setTimeout(r, 1000)); // the ingest load is running before the first measured query
  const end = performance.now() + (o.seconds - 1) * 1000;
  while (performance.now() < end) {
    series.push((await timedJson(seriesUrl, o.token)).ms);
    aggregate.push((await timedJson(aggregateUrl, o.token)).ms);
  }
  const ingest = await background;
  client.close();
  const firstScan = scans[0]!;
  scans.sort((a, b) => a - b);
  return {
    data,
    rawScanMs: { first: round(firstScan, 1), median: round(percentile(scans, 50), 1) },
    series: { ...summarize(series), resolution: seriesShape.resolution, buckets: seriesShape.t.length },
    aggregate: { ...summarize(aggregate), exact: agg.count === raw.count && Math.abs(agg.sum - raw.sum) <= 1e-6 * Math.abs(raw.sum) },
    backgroundIngest: { batchesPerSecond: o.ingestBatchesPerSecond, ...ingest },
  };
}
