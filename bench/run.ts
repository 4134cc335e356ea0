// `npm run bench`: the performance figures of docs/performance.md, measured on this machine in one run against a
// database of its own and the api as a separate process on loopback. `--quick` runs every scenario briefly (to check
// the harness) and writes its report to the system's temp directory instead of docs/.
import { mkdirSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureLiveLatency } from './live-latency';
import { startApiProcess, type ApiProcess } from './api-process';
import { createBenchDatabase } from './database';
import { measureExport } from './export';
import { cursorsFor, measureIngest } from './ingest';
import { describeMachine } from './machine-info';
import { loadQueryData, measureQueries } from './queries';
import { writeReport, type BenchResults } from './report';
import { createBenchTenant } from './tenant';
import { createPool } from '@taktwerk/db';
import { measureStorageMethods, TAGS_PER_MACHINE } from './storage-methods';
import { round } from './timing';

const quick = process.argv.includes('--quick');
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const profile = quick
  ? { storageSeconds: 1, seconds: 3, warmupSeconds: 1, concurrencies: [4, 8], queryDays: 3, querySeconds: 5, liveMs: 4000, exportRows: 100_000 }
  : { storageSeconds: 4, seconds: 10, warmupSeconds: 2, concurrencies: [2, 4, 8, 16], queryDays: 30, querySeconds: 20, liveMs: 15_000, exportRows: 1_000_000 };
const outDir = quick ? path.join(tmpdir(), 'taktwerk-bench') : fileURLToPath(new URL('../docs', import.meta.url));

const log = (message: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);

async function login(baseUrl: string, owner: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(owner),
    signal: AbortSignal.timeout(30_000),
  });
  const json = (await res.json()) as { accessToken?: string };
  if (!res.ok || !json.accessToken) throw new Error(`login failed: ${res.status} ${JSON.stringify(json)}`);
  return json.accessToken;
}

const started = performance.now();
const db = await createBenchDatabase();
let api: ApiProcess | null = null;
const cleanUp = async () => {
  await api?.stop();
  await db.drop();
};
// Every phase is bounded on its own; this is the backstop: past 25 minutes the run ends, cleaning up after itself.
const watchdog = setTimeout(() => {
  console.error('bench: still running after 25 minutes; stopping');
  void cleanUp().finally(() => process.exit(2));
}, 25 * 60_000);
watchdog.unref();
try {
  const superuserUrl = new URL(db.adminUrl);
  superuserUrl.pathname = `/${db.database}`;
  const machine = await describeMachine(superuserUrl.toString());
  log(`database ${db.database}; ${machine.cpuModel}, ${machine.cores} cores, load ${machine.loadAverageAtStart}`);

  log('storage methods');
  const storage = await measureStorageMethods(db, { seconds: profile.storageSeconds, batchSizes: [5000, 500] });

  const pool = createPool(db.appUrl, { max: 2 });
  const tags = Array.from({ length: TAGS_PER_MACHINE }, (_, i) => `sensor.${String(i).padStart(3, '0')}`);
  const tenant = await createBenchTenant(pool, { ingestMachines: 32, tags, queryTags: ['line.speed', 'line.temp', 'line.pressure', 'line.current'] });
  await pool.end();
  api = await startApiProcess(db.appUrl, REDIS_URL);
  log(`api pid ${api.pid} at ${api.baseUrl}`);

  // Each phase writes to the machines from a later start, so no batch ever overlaps another's points.
  const ingest = [];
  for (const [i, batchSize] of [5000, 500].entries()) {
    log(`ingest, ${batchSize}-point batches`);
    ingest.push(
      await measureIngest(api, db.appUrl, tenant.apiKey, cursorsFor(tenant.ingestMachines, 20 - i * 5), {
        batchSize,
        seconds: profile.seconds,
        warmupSeconds: profile.warmupSeconds,
        concurrencies: profile.concurrencies,
        ceiling: batchSize >= 5000 ? 250_000 : 150_000,
      }),
    );
    log(`  max ${ingest.at(-1)!.maxPointsPerSecond} points/s, copy ${ingest.at(-1)!.copyBaseline.pointsPerSecond}`);
  }

  log(`loading ${profile.queryDays} days of 1 Hz data × 4 tags`);
  const data = await loadQueryData(superuserUrl.toString(), tenant.queryMachine, ['line.speed', 'line.temp', 'line.pressure', 'line.current'], profile.queryDays);
  log(`  ${data.tagPoints} points of ${data.tag}, table ≈ ${data.tablePoints} rows, ${data.loadSeconds} s`);
  const token = await login(api.baseUrl, tenant.owner);
  const max5000 = ingest[0]!.maxPointsPerSecond;
  log('queries under ingest at half its maximum');
  const queries = await measureQueries(api, {
    appUrl: db.appUrl,
    token,
    apiKey: tenant.apiKey,
    data,
    cursors: cursorsFor(tenant.ingestMachines, 10),
    ingestBatchesPerSecond: round((0.5 * max5000) / 5000, 2),
    batchSize: 5000,
    seconds: profile.querySeconds,
  });

  log('live latency: 200 sockets, 10,000 points/s');
  const live = await measureLiveLatency({
    baseUrl: api.baseUrl,
    accessToken: token,
    machineId: tenant.liveMachine,
    ingestKey: tenant.apiKey,
    sockets: 200,
    pointsPerSecond: 10_000,
    durationMs: profile.liveMs,
  });

  log(`csv export of ${profile.exportRows} rows`);
  const csv = await measureExport(api, token, data, profile.exportRows);

  const results: BenchResults = {
    quick,
    machine,
    durationSeconds: 0,
    loadAverageAtEnd: round(loadavg()[0]!, 2),
    storage,
    ingest,
    queries,
    live,
    export: csv,
  };
  results.durationSeconds = round((performance.now() - started) / 1000);
  mkdirSync(outDir, { recursive: true });
  const written = writeReport(results, outDir);
  log(`done in ${results.durationSeconds} s: ${written.join(', ')}`);
} finally {
  clearTimeout(watchdog);
  await cleanUp();
}
