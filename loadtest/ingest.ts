/**
 * k6: ingest throughput and latency against a deployment, for operators. Sends batches of BATCH_SIZE points (TAGS tags
 * sampled together) at RATE batches per second for DURATION, spread over MACHINE_IDS, and fails when more than 1 %
 * of the requests fail or the p99 latency passes P99_MS.
 *
 *   k6 run -e BASE_URL=https://taktwerk.example.com -e INGEST_KEY=twk_… -e MACHINE_IDS=<uuid>,<uuid> \
 *          -e BATCH_SIZE=5000 -e RATE=20 -e DURATION=60s loadtest/ingest.ts
 *
 * Every batch carries new points (timestamps a day back, advancing with each iteration), so nothing is a duplicate.
 * Mind the plan's daily point quota and the system's ingest rate limit (requests a minute per organization): raise
 * them for the test organization, or the run measures 429 answers.
 */
import { check } from 'k6';
import exec from 'k6/execution';
import http from 'k6/http';
import { Counter } from 'k6/metrics';

const BASE_URL = (__ENV.BASE_URL ?? 'http://127.0.0.1:3000').replace(/\/+$/, '');
const INGEST_KEY = __ENV.INGEST_KEY ?? '';
const MACHINE_IDS = (__ENV.MACHINE_IDS ?? '').split(',').filter((id) => id !== '');
const BATCH_SIZE = Number(__ENV.BATCH_SIZE ?? 5000);
const TAGS = Number(__ENV.TAGS ?? 50);
const RATE = Number(__ENV.RATE ?? 10);
const DURATION = __ENV.DURATION ?? '60s';
const P99_MS = Number(__ENV.P99_MS ?? (BATCH_SIZE >= 5000 ? 150 : 30));
/** Timestamps start a day back and advance one millisecond per instant: unique across iterations, never in the future. */
const START_MS = Date.now() - 86_400_000;
const INSTANTS = Math.ceil(BATCH_SIZE / TAGS);

const pointsStored = new Counter('ingest_points_stored');

export const options = {
  scenarios: {
    ingest: {
      executor: 'constant-arrival-rate',
      exec: 'ingest',
      rate: RATE,
      timeUnit: '1s',
      duration: DURATION,
      preAllocatedVUs: Math.max(4, RATE),
      maxVUs: Math.max(16, RATE * 4),
    },
  },
  thresholds: {
    http_req_failed: ['rate<0.01'],
    http_req_duration: [`p(99)<${P99_MS}`],
  },
};

export function setup(): void {
  if (!INGEST_KEY || MACHINE_IDS.length === 0) throw new Error('set INGEST_KEY and MACHINE_IDS');
}

export function ingest(): void {
  const iteration = exec.scenario.iterationInTest;
  const first = START_MS + iteration * INSTANTS;
  const values: { tag: string; timestamp: number; value: number }[] = [];
  for (let i = 0; values.length < BATCH_SIZE; i += 1)
    for (let t = 0; t < TAGS && values.length < BATCH_SIZE; t += 1) values.push({ tag: `k6.sensor.${t}`, timestamp: first + i, value: Math.sin(i / 50 + t) * 100 });
  const res = http.post(`${BASE_URL}/api/v1/ingest`, JSON.stringify({ machineId: MACHINE_IDS[iteration % MACHINE_IDS.length], values }), {
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${INGEST_KEY}` },
  });
  const accepted = res.status === 200 ? Number(res.json('accepted')) : 0;
  pointsStored.add(accepted);
  check(res, { 'ingest 200': (r) => r.status === 200, 'every point stored': () => accepted === BATCH_SIZE });
}
