import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { withPlatform } from '@taktwerk/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../../../testing/api-server';
import { addTag, qs, storePoints, telemetryScene, type Point, type TelemetryScene } from '../telemetry/test-support';

// Large exports: constant memory whatever the size, and a client that goes away stops the query.
// The api runs in this process, so the heap measured here is the api's (plus this test's small reader).

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const heapAfterGc = () => {
  gc();
  return process.memoryUsage().heapUsed;
};

const ROWS = 200_000;
const DAY = '2026-03-01';
const START = Date.parse(`${DAY}T00:00:00Z`);
/** Retained heap may not grow by more than this while 200,000 rows (about 9 MiB of CSV) stream through. */
const HEAP_GROWTH_BOUND = 4 * 1024 * 1024;

let api: TestApi;
let scene: TelemetryScene;
let token: string;
beforeAll(async () => {
  api = await startTestApi();
  scene = await telemetryScene(api, ['Big Press']);
  const [machineId] = scene.machineIds as [string];
  await addTag(api.deps.pool, scene.org.org.id, machineId, 'a');
  await addTag(api.deps.pool, scene.org.org.id, machineId, 'b');
  // Two tags at 864 ms steps: 100,000 points each within the day.
  const points: Point[] = [];
  for (let i = 0; i < ROWS / 2; i += 1) {
    points.push({ tag: 'a', ts: new Date(START + i * 864), value: i * 0.5, quality: 192 });
    points.push({ tag: 'b', ts: new Date(START + i * 864 + 1), value: -i, quality: 0 });
  }
  await storePoints(api.deps.pool, machineId, points);
  const login = await fetch(`${api.baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: scene.org.member.email, password: scene.org.member.password }),
  });
  token = ((await login.json()) as { accessToken: string }).accessToken;
}, 120_000);
afterAll(async () => api.close());

const exportUrl = (params: Record<string, string> = {}) =>
  `${api.baseUrl}/api/v1/data-explorer/export.csv?${qs({ machineIds: scene.machineIds[0], tags: 'a,b', fromDay: DAY, toDay: DAY, ...params })}`;

/** Reads a download chunk by chunk without keeping it, sampling the retained heap every ~1 MB. */
async function consume(res: Response, onMegabyte: () => void): Promise<{ bytes: number; lines: number; last: string }> {
  const reader = res.body!.getReader();
  let bytes = 0;
  let lines = 0;
  let nextSample = 1 << 20;
  let tail = '';
  const decoder = new TextDecoder();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    for (const byte of value) if (byte === 10) lines += 1;
    tail = (tail + decoder.decode(value, { stream: true })).slice(-200);
    if (bytes >= nextSample) {
      onMegabyte();
      nextSample += 1 << 20;
    }
  }
  return { bytes, lines, last: tail.trimEnd().split('\r\n').at(-1)! };
}

/** Queries of this database that are still running the export (the explorer's to_char marks them). */
async function runningExports(): Promise<number> {
  const { rows } = await withPlatform(api.deps.pool, (db) =>
    db.query(
      `SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND state <> 'idle' AND query LIKE '%to_char(ts AT TIME ZONE%'`,
    ),
  );
  return rows[0].n;
}

describe('CSV export of a large range', () => {
  it(`streams ${ROWS.toLocaleString('en')} rows with bounded heap growth`, async () => {
    const baseline = heapAfterGc();
    let peak = baseline;
    const started = performance.now();
    const res = await fetch(exportUrl(), { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    const { bytes, lines, last } = await consume(res, () => {
      peak = Math.max(peak, heapAfterGc());
    });
    const seconds = (performance.now() - started) / 1000;
    expect(lines).toBe(ROWS + 1);
    expect(last).toBe(`Big Press,b,${new Date(START + (ROWS / 2 - 1) * 864 + 1).toISOString()},${-(ROWS / 2 - 1)},0`);
    const growth = peak - baseline;
    console.info(
      `export: ${ROWS} rows, ${(bytes / 2 ** 20).toFixed(1)} MiB in ${seconds.toFixed(2)} s ` +
        `(${Math.round(ROWS / seconds).toLocaleString('en')} rows/s, gc per MiB included); retained heap growth ${(growth / 2 ** 20).toFixed(2)} MiB`,
    );
    expect(bytes).toBeGreaterThan(HEAP_GROWTH_BOUND);
    expect(growth).toBeLessThan(HEAP_GROWTH_BOUND);
  });

  it('stops the query and frees the connection when the client goes away mid-download', async () => {
    const controller = new AbortController();
    const res = await fetch(exportUrl(), { headers: { authorization: `Bearer ${token}` }, signal: controller.signal });
    const reader = res.body!.getReader();
    let received = 0;
    while (received < 256 * 1024) received += (await reader.read()).value!.byteLength;
    // Still running: the client reads slowly, so the server waits (backpressure) with the query open.
    expect(await runningExports()).toBe(1);
    controller.abort();
    await expect.poll(runningExports, { timeout: 5000 }).toBe(0);
    await expect.poll(() => api.deps.pool.totalCount - api.deps.pool.idleCount, { timeout: 5000 }).toBe(0);
    // The api keeps serving: the next export runs to the end.
    const again = await fetch(exportUrl({ limit: '10' }), { headers: { authorization: `Bearer ${token}` } });
    expect((await again.text()).split('\r\n').length).toBe(12);
  });

  it('runs at most half the pool as exports at once and answers 429 beyond that', async () => {
    // The test api's pool has 5 connections: two exports may run, a third waits for one of them to end.
    const controllers = [new AbortController(), new AbortController()];
    for (const controller of controllers) {
      const res = await fetch(exportUrl(), { headers: { authorization: `Bearer ${token}` }, signal: controller.signal });
      await res.body!.getReader().read();
    }
    const busy = await fetch(exportUrl(), { headers: { authorization: `Bearer ${token}` } });
    expect(busy.status).toBe(429);
    expect(busy.headers.get('retry-after')).toBe('5');
    expect(((await busy.json()) as { error: { code: string } }).error.code).toBe('exports_busy');
    // Other requests are still served meanwhile.
    const query = await fetch(exportUrl().replace('export.csv', 'query'), { headers: { authorization: `Bearer ${token}` } });
    expect(query.status).toBe(200);
    for (const controller of controllers) controller.abort();
    await expect.poll(runningExports, { timeout: 5000 }).toBe(0);
    const after = await fetch(exportUrl({ limit: '10' }), { headers: { authorization: `Bearer ${token}` } });
    expect(after.status).toBe(200);
    await after.text();
  });
});
