/**
 * k6: chart queries against a deployment, for operators. VUS users each read, one request after the other, the
 * hourly series of one tag over 30 days and its 30-day aggregate, for DURATION; fails when the p95 of either passes
 * P95_MS or more than 1 % fail. Run it beside loadtest/ingest.ts to see queries under write load.
 *
 *   k6 run -e BASE_URL=https://taktwerk.example.com -e EMAIL=… -e PASSWORD=… -e MACHINE_ID=<uuid> -e TAG=spindle.temp \
 *          -e VUS=4 -e DURATION=60s loadtest/queries.ts
 *
 * The user signs in once in setup(); keep DURATION under the access-token lifetime (ACCESS_TOKEN_TTL_SECONDS).
 */
import { check } from 'k6';
import http from 'k6/http';

const BASE_URL = (__ENV.BASE_URL ?? 'http://127.0.0.1:3000').replace(/\/+$/, '');
const MACHINE_ID = __ENV.MACHINE_ID ?? '';
const TAG = __ENV.TAG ?? '';
const VUS = Number(__ENV.VUS ?? 4);
const DURATION = __ENV.DURATION ?? '60s';
const P95_MS = Number(__ENV.P95_MS ?? 20);
const DAY_MS = 86_400_000;

export const options = {
  scenarios: { charts: { executor: 'constant-vus', exec: 'charts', vus: VUS, duration: DURATION } },
  thresholds: {
    'http_req_duration{query:series}': [`p(95)<${P95_MS}`],
    'http_req_duration{query:aggregate}': [`p(95)<${P95_MS}`],
    'http_req_failed{query:series}': ['rate<0.01'],
    'http_req_failed{query:aggregate}': ['rate<0.01'],
  },
};

interface SetupData {
  token: string;
}

export function setup(): SetupData {
  if (!MACHINE_ID || !TAG) throw new Error('set MACHINE_ID and TAG');
  const res = http.post(`${BASE_URL}/api/v1/auth/login`, JSON.stringify({ email: __ENV.EMAIL, password: __ENV.PASSWORD }), {
    headers: { 'Content-Type': 'application/json' },
  });
  const token = res.json('accessToken');
  if (res.status !== 200 || typeof token !== 'string') throw new Error(`login failed: ${res.status} ${String(res.body)}`);
  return { token };
}

const query = (params: Record<string, string>) =>
  Object.entries(params)
    .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
    .join('&');

export function charts(data: SetupData): void {
  const headers = { Authorization: `Bearer ${data.token}` };
  const series = http.get(`${BASE_URL}/api/v1/telemetry/series?${query({ machineId: MACHINE_ID, tag: TAG, range: '30d', maxPoints: '720' })}`, {
    headers,
    tags: { query: 'series' },
  });
  check(series, { 'series 200': (r) => r.status === 200 });
  const to = new Date();
  const from = new Date(to.getTime() - 30 * DAY_MS);
  const aggregate = http.get(
    `${BASE_URL}/api/v1/analytics/aggregate?${query({ machineId: MACHINE_ID, tag: TAG, from: from.toISOString(), to: to.toISOString() })}`,
    { headers, tags: { query: 'aggregate' } },
  );
  check(aggregate, { 'aggregate 200': (r) => r.status === 200 });
}
