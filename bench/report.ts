import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { LiveLatencyResult } from './live-latency';
import type { ExportFigures } from './export';
import type { IngestFigures } from './ingest';
import type { MachineInfo } from './machine-info';
import type { QueryFigures } from './queries';
import type { StorageFigures } from './storage-methods';

export interface BenchResults {
  quick: boolean;
  machine: MachineInfo;
  durationSeconds: number;
  /** 1-minute load average when the run ended (the start is in machine). */
  loadAverageAtEnd: number;
  storage: StorageFigures[];
  ingest: IngestFigures[];
  queries: QueryFigures;
  live: LiveLatencyResult;
  export: ExportFigures;
}

interface Target {
  what: string;
  target: string;
  measured: string;
  met: boolean;
}

const n = (v: number | null | undefined, digits = 0) =>
  v === null || v === undefined || Number.isNaN(v) ? '–' : v.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

function targets(r: BenchResults): Target[] {
  const [big, small] = r.ingest;
  const list: Target[] = [];
  const ingestTargets: [IngestFigures | undefined, number, number][] = [
    [big, 150_000, 150],
    [small, 60_000, 30],
  ];
  for (const [f, rate, p99] of ingestTargets) {
    if (!f) continue;
    list.push({ what: `Ingest, ${n(f.batchSize)}-point batches, sustained`, target: `≥ ${n(rate)} points/s`, measured: `${n(f.maxPointsPerSecond)} points/s`, met: f.maxPointsPerSecond >= rate });
    list.push({ what: `  p99 latency at 70 % of that rate`, target: `≤ ${p99} ms`, measured: `${n(f.at70.latencyMs.p99, 1)} ms (p50 ${n(f.at70.latencyMs.p50, 1)} ms)`, met: f.at70.latencyMs.p99 <= p99 && f.at70.failed === 0 });
    list.push({ what: `  ratio to PostgreSQL COPY (aim)`, target: '≥ 0.5', measured: `${n(f.ratioToCopy, 2)} (COPY: ${n(f.copyBaseline.pointsPerSecond)} points/s)`, met: f.ratioToCopy >= 0.5 });
  }
  const q = r.queries;
  list.push({ what: 'Hourly series over 30 days, p95, during ingest at half its maximum', target: '≤ 20 ms', measured: `${n(q.series.p95, 1)} ms`, met: q.series.p95 <= 20 });
  list.push({ what: '30-day aggregate, p95, during ingest at half its maximum', target: '≤ 20 ms', measured: `${n(q.aggregate.p95, 1)} ms${q.aggregate.exact ? '' : ' (NOT equal to the raw scan)'}`, met: q.aggregate.p95 <= 20 && q.aggregate.exact });
  list.push({ what: 'Live: ingest → socket, 200 sockets at 10,000 points/s, p50', target: '≤ 50 ms', measured: `${n(r.live.p50, 1)} ms`, met: r.live.p50 <= 50 });
  list.push({ what: '  p99', target: '≤ 150 ms', measured: `${n(r.live.p99, 1)} ms`, met: r.live.p99 <= 150 && r.live.dropped === 0 });
  list.push({ what: `CSV export of ${n(r.export.rows)} rows`, target: '≥ 200,000 rows/s', measured: `${n(r.export.rowsPerSecond)} rows/s`, met: r.export.rowsPerSecond >= 200_000 });
  list.push({ what: '  api memory growth during the export', target: '< 100 MB', measured: `${n(r.export.rssGrowthMiB, 1)} MiB`, met: r.export.rssGrowthMiB < 100 });
  return list;
}

function ingestSection(f: IngestFigures): string[] {
  const lines = [
    `### ${n(f.batchSize)}-point batches`,
    '',
    `PostgreSQL COPY of the same rows into the same table over two connections: **${n(f.copyBaseline.pointsPerSecond)} points/s**. ` +
      `The api sustains **${n(f.maxPointsPerSecond)} points/s** (ratio **${n(f.ratioToCopy, 2)}**).`,
    '',
    '| concurrent agents | points/s | batches | failed | p50 ms | p99 ms |',
    '|---:|---:|---:|---:|---:|---:|',
    ...f.search.map((s) => `| ${s.concurrency} | ${n(s.pointsPerSecond)} | ${n(s.batches)} | ${s.failed} | ${n(s.latencyMs.p50, 1)} | ${n(s.latencyMs.p99, 1)} |`),
    '',
    `At 70 % of the maximum (${n(f.at70.batchesPerSecond, 2)} batches/s, open loop, latency from each batch's due time): ` +
      `p50 **${n(f.at70.latencyMs.p50, 1)} ms**, p90 ${n(f.at70.latencyMs.p90, 1)} ms, p99 **${n(f.at70.latencyMs.p99, 1)} ms**, max ${n(f.at70.latencyMs.max, 1)} ms; ` +
      `${n(f.at70.pointsPerSecond)} points/s stored, ${f.at70.failed} failed.`,
    '',
    `CPU per stored point at the maximum: api process ${n(f.cpuAtMax.api, 2)} µs, load generator ${n(f.cpuAtMax.loadGenerator, 2)} µs, ` +
      `everything else (PostgreSQL, its WAL writer, Redis) ${n(f.cpuAtMax.rest, 2)} µs. COPY baseline: PostgreSQL ${n(f.copyBaseline.cpuMicrosPerPoint.postgres, 2)} µs.`,
    '',
  ];
  return lines;
}

function storageSection(figures: StorageFigures[]): string[] {
  const names = figures[0]?.methods.map((m) => m.name) ?? [];
  const head = figures.map((f) => `${n(f.batchSize)}: points/s | µs PG + Node`).join(' | ');
  const lines = [`| method | ${head} |`, `|---|${figures.map(() => '---:|---:').join('|')}|`];
  for (const name of names) {
    const cells = figures.map((f) => {
      const m = f.methods.find((x) => x.name === name)!;
      return `${n(m.pointsPerSecond)} | ${n(m.cpuMicrosPerPoint.postgres, 1)} + ${n(m.cpuMicrosPerPoint.node, 1)}`;
    });
    lines.push(`| ${name} | ${cells.join(' | ')} |`);
  }
  return lines;
}

function markdown(r: BenchResults): string {
  const m = r.machine;
  const q = r.queries;
  const t = targets(r);
  return [
    '# Performance',
    '',
    `Written by \`npm run bench\` (bench/run.ts) on ${m.date.slice(0, 10)}; the whole run took ${n(r.durationSeconds)} s.${r.quick ? ' **Quick run: short durations, not a real measurement.**' : ''}`,
    'Every figure below comes from that one run; nothing is edited by hand.',
    '',
    '## Machine',
    '',
    `- ${m.cpuModel}, ${m.cores} cores, ${n(m.memoryGiB, 1)} GiB RAM; PostgreSQL, Redis, the api and the load generator all on it.`,
    `- ${m.postgres} (${Object.entries(m.postgresSettings).map(([k, v]) => `${k} ${v}`).join(', ')}); storage mode **${m.storageMode}**; Node ${m.node}.`,
    `- Load average (1 min) when the run started: ${m.loadAverageAtStart}, when it ended: ${r.loadAverageAtEnd}. The machine is shared: well above 0`,
    '  (the run itself adds about 2) means others were using it at the same time, and every figure here is lower than the machine can do.',
    '',
    '## Targets',
    '',
    '| what | target | measured | met |',
    '|---|---|---|---|',
    ...t.map((x) => `| ${x.what} | ${x.target} | ${x.measured} | ${x.met ? 'yes' : '**no**'} |`),
    '',
    '## Ingest over HTTP',
    '',
    'Durable (synchronous_commit on, 200 only after COMMIT) and idempotent, through the real endpoint: credential, rate limit,',
    "validation of every value, tag registry, quota, usage counter, live fan-out and alert listeners. Each agent sends",
    '50 tags sampled every 100 ms for its own machine (32 machines), JSON with epoch-millisecond timestamps, one request',
    'at a time (closed loop); the maximum is the best rate over the concurrency steps without a failed request.',
    '',
    ...r.ingest.flatMap(ingestSection),
    '## Storage methods',
    '',
    `Two connections writing directly (no HTTP), ${r.storage[0]?.seconds ?? '–'} s per method and batch size, best of two interleaved rounds;`,
    'CPU microseconds per point of the PostgreSQL backends and of Node (encoding). All but the baseline are idempotent.',
    '',
    ...storageSection(r.storage),
    '',
    'What the numbers say: ON CONFLICT DO NOTHING makes PostgreSQL do a speculative insertion per row, which costs about as',
    'much again as the insert; parsing arrays from text (timestamps above all) costs both sides; COPY through a staging',
    'table pays for the staging and still needs ON CONFLICT. insertPoints therefore sends binary array parameters and does',
    'a plain INSERT, guarded in the same statement by one index probe per series ("is anything stored in the time range',
    'of this batch?"); a resent or backfilled batch falls back to ON CONFLICT DO NOTHING. Two concurrent writers of the',
    'same new points: the later one fails on the unique index and its transaction runs again, taking the fallback. The',
    'statement-level rollup trigger (1-minute and 1-hour tables) is the difference between the last two rows.',
    '',
    '## Queries',
    '',
    `${n(q.data.tagPoints)} points of one tag at 1 Hz over ${Math.round((q.data.to.getTime() - q.data.from.getTime()) / 86_400_000)} days, in a table of about ${n(q.data.tablePoints)} rows`,
    `(loaded by binary COPY with the rollups computed after, ${n(q.data.loadSeconds, 1)} s). Requests one at a time through the api while it ingests`,
    `${n(q.backgroundIngest.batchesPerSecond, 2)} batches/s of 5,000 points (half the maximum; achieved ${n(q.backgroundIngest.pointsPerSecond)} points/s, ${q.backgroundIngest.failed} failed).`,
    '',
    '| request | requests | p50 ms | p95 ms | p99 ms | max ms |',
    '|---|---:|---:|---:|---:|---:|',
    `| series, range=30d, maxPoints=720 (${q.series.resolution}, ${q.series.buckets} buckets) | ${q.series.requests} | ${n(q.series.p50, 1)} | ${n(q.series.p95, 1)} | ${n(q.series.p99, 1)} | ${n(q.series.max, 1)} |`,
    `| aggregate over the 30 days (exact: ${q.aggregate.exact ? 'equal to the raw scan' : 'NOT equal'}) | ${q.aggregate.requests} | ${n(q.aggregate.p50, 1)} | ${n(q.aggregate.p95, 1)} | ${n(q.aggregate.p99, 1)} | ${n(q.aggregate.max, 1)} |`,
    '',
    `The same aggregate as a scan of the raw rows in SQL: ${n(q.rawScanMs.first, 1)} ms the first time, ${n(q.rawScanMs.median, 1)} ms median of five.`,
    '',
    '## Live',
    '',
    `200 sockets subscribed to one machine while 10,000 points/s are ingested (bench/live-latency.ts): p50 **${n(r.live.p50, 1)} ms**, p99 **${n(r.live.p99, 1)} ms**,`,
    `max ${n(r.live.max, 1)} ms, from the start of each ingest request to the point's arrival on a socket (ingest itself: p50 ${n(r.live.ingestP50, 1)} ms,`,
    `p99 ${n(r.live.ingestP99, 1)} ms). ${n(r.live.pointsReceived)} of ${n(r.live.pointsSent * 200)} point deliveries arrived; ${r.live.dropped} sockets dropped, ${r.live.ingestErrors} ingest errors.`,
    '',
    '## CSV export',
    '',
    `${n(r.export.rows)} rows (${n(r.export.bytes / 2 ** 20, 1)} MiB) in ${n(r.export.seconds, 2)} s: **${n(r.export.rowsPerSecond)} rows/s**. Resident memory of the api`,
    `process: ${n(r.export.rssBeforeMiB, 1)} MiB before, ${n(r.export.rssPeakMiB, 1)} MiB at most while streaming (sampled every 50 ms): growth **${n(r.export.rssGrowthMiB, 1)} MiB**.`,
    '',
    '## The ingest hot path',
    '',
    '- Credentials: each api process keeps what a key or machine-token lookup found for 5 s (CREDENTIAL_CACHE_TTL_MS). A',
    '  deleted key or a rotated machine token stops working on every process within 5 s; expiry is checked on every request.',
    '- System configuration (the ingest rate limit): kept 5 s per process.',
    '- One statement reads the machine (RLS decides whether it is visible), the plan limits, the usage of the day and the',
    '  tag list; one writes the points; one adds the usage and marks the machine as sending (its row is written at most',
    '  every 5 s). With BEGIN, set_config and COMMIT that is six round trips per batch, none of them on the platform path.',
    "- Usage of the day: 16 counter slots per organization and day, one per database connection (migration 011), so",
    '  concurrent batches never wait on each other\'s counter row; the figure is the sum of the slots, exact, because it is',
    '  written in the transaction that stores the points. The quota is checked against the committed usage when a batch',
    '  starts; batches running at the same moment can together pass it by at most their own size, as before.',
    '',
    '## How to run',
    '',
    '`npm run bench` (about 8 minutes; PostgreSQL and Redis as for the tests) creates a database of its own, starts the api',
    'as a separate process on loopback, measures, writes docs/performance.md and docs/performance.json, and drops the',
    'database. `npm run bench -- --quick` checks the harness in about a minute and writes to the temp directory instead.',
    'Every load is bounded in time and stops by itself. For load tests against a deployment see loadtest/README.md.',
    '',
  ].join('\n');
}

/** Writes performance.md and performance.json into `dir`; returns their paths. */
export function writeReport(results: BenchResults, dir: string): string[] {
  const md = path.join(dir, 'performance.md');
  const json = path.join(dir, 'performance.json');
  writeFileSync(md, markdown(results));
  writeFileSync(json, `${JSON.stringify({ ...results, targets: targets(results) }, null, 2)}\n`);
  return [md, json];
}
