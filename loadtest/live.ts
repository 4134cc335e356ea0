/**
 * k6: live sockets under ingest load, for operators. SOCKETS virtual users each hold a websocket subscribed to one
 * machine while another scenario ingests POINTS_PER_SECOND points through the HTTP API. Each point's value is the
 * time its batch was sent (same k6 process, same clock), so `live_latency` is ingest → socket, commit included.
 *
 *   k6 run -e BASE_URL=https://taktwerk.example.com -e EMAIL=… -e PASSWORD=… -e MACHINE_ID=… -e INGEST_KEY=twk_… \
 *          -e SOCKETS=200 -e POINTS_PER_SECOND=10000 -e DURATION=60s loadtest/live.ts
 *
 * The user signs in once in setup(); keep DURATION under the access-token lifetime (ACCESS_TOKEN_TTL_SECONDS).
 * The default 10 batches/s stays under the default ingest rate limit of 1000 requests a minute per organization.
 */
import { check } from 'k6';
import http from 'k6/http';
import { Counter, Trend } from 'k6/metrics';
import { setTimeout } from 'k6/timers';
import { WebSocket } from 'k6/websockets';

const BASE_URL = (__ENV.BASE_URL ?? 'http://127.0.0.1:3000').replace(/\/+$/, '');
const MACHINE_ID = __ENV.MACHINE_ID ?? '';
const INGEST_KEY = __ENV.INGEST_KEY ?? '';
const SOCKETS = Number(__ENV.SOCKETS ?? 200);
const POINTS_PER_SECOND = Number(__ENV.POINTS_PER_SECOND ?? 10_000);
const BATCHES_PER_SECOND = Number(__ENV.BATCHES_PER_SECOND ?? 10);
const DURATION = __ENV.DURATION ?? '60s';
const TAGS = 10;
const POINTS_PER_TAG = Math.max(1, Math.round(POINTS_PER_SECOND / BATCHES_PER_SECOND / TAGS));
/** Sockets connect and subscribe before ingest starts, and stay until it has ended. */
const SETTLE_MS = 5000;

const liveLatency = new Trend('live_latency', true);
const liveMessages = new Counter('live_messages');
const livePoints = new Counter('live_points');
const liveClosedByServer = new Counter('live_closed_by_server');

export const options = {
  scenarios: {
    sockets: { executor: 'constant-vus', exec: 'watch', vus: SOCKETS, duration: DURATION, gracefulStop: `${(2 * SETTLE_MS) / 1000}s` },
    ingest: {
      executor: 'constant-arrival-rate',
      exec: 'push',
      rate: BATCHES_PER_SECOND,
      timeUnit: '1s',
      duration: DURATION,
      startTime: `${SETTLE_MS / 1000}s`,
      preAllocatedVUs: Math.max(4, BATCHES_PER_SECOND),
    },
  },
  thresholds: {
    live_latency: ['p(50)<50', 'p(99)<150'],
    live_closed_by_server: ['count==0'],
    'http_req_failed{scenario:ingest}': ['rate<0.01'],
  },
};

interface SetupData {
  token: string;
}

export function setup(): SetupData {
  if (!MACHINE_ID || !INGEST_KEY) throw new Error('set MACHINE_ID and INGEST_KEY');
  const res = http.post(`${BASE_URL}/api/v1/auth/login`, JSON.stringify({ email: __ENV.EMAIL, password: __ENV.PASSWORD }), {
    headers: { 'Content-Type': 'application/json' },
  });
  const token = res.json('accessToken');
  if (res.status !== 200 || typeof token !== 'string') throw new Error(`login failed: ${res.status} ${String(res.body)}`);
  return { token };
}

interface PointsMessage {
  type: string;
  data?: { series: { v: number[] }[] }[];
}

/** One socket for the scenario's whole duration; a VU whose socket closes early opens a new one. */
export function watch(data: SetupData): void {
  const ws = new WebSocket(`${BASE_URL.replace(/^http/, 'ws')}/api/v1/live`);
  let ending = false;
  ws.onopen = () => ws.send(JSON.stringify({ type: 'auth', token: data.token }));
  ws.onmessage = (event) => {
    const now = Date.now();
    const message = JSON.parse(String(event?.data)) as PointsMessage;
    if (message.type === 'ready') ws.send(JSON.stringify({ type: 'subscribe', machineIds: [MACHINE_ID] }));
    if (message.type !== 'points' || !message.data) return;
    liveMessages.add(1);
    for (const machine of message.data) {
      for (const { v } of machine.series) {
        for (const sentAt of v) liveLatency.add(now - sentAt);
        livePoints.add(v.length);
      }
    }
  };
  ws.onclose = () => {
    if (!ending) liveClosedByServer.add(1);
  };
  setTimeout(() => {
    ending = true;
    ws.close();
  }, durationMs(DURATION) + SETTLE_MS + 1000);
}

/** One batch: POINTS_PER_TAG points for each of TAGS tags, all carrying the send time as value. */
export function push(): void {
  const sentAt = Date.now();
  const values = [];
  for (let t = 0; t < TAGS; t += 1) {
    for (let i = 0; i < POINTS_PER_TAG; i += 1)
      values.push({ tag: `k6.live.${t}`, timestamp: sentAt - POINTS_PER_TAG + i, value: sentAt });
  }
  const res = http.post(`${BASE_URL}/api/v1/ingest`, JSON.stringify({ machineId: MACHINE_ID, values }), {
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${INGEST_KEY}` },
  });
  check(res, { 'ingest 200': (r) => r.status === 200 });
}

function durationMs(text: string): number {
  const match = /^(\d+)(ms|s|m|h)$/.exec(text);
  if (!match) throw new Error(`DURATION like 60s or 5m, not ${text}`);
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[match[2] as 'ms' | 's' | 'm' | 'h'];
  return Number(match[1]) * unit;
}
