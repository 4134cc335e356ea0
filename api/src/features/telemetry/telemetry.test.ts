import { randomUUID } from 'node:crypto';
import { withPlatform } from '@taktwerk/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../../../testing/api-server';
import { TestClient } from '../../../../testing/http';
import { addTag, qs, storePoints, telemetryScene, type Point } from './test-support';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => api.close());

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(Date.now() - ms);

/** One value every `stepMs` over [from, to), values multiples of 0.25 so sums are exact. */
function steady(tag: string, from: number, to: number, stepMs: number): Point[] {
  const points: Point[] = [];
  for (let t = from, i = 0; t < to; t += stepMs, i += 1) points.push({ tag, ts: new Date(t), value: ((i * 37) % 101) * 0.25 - 5, quality: 192 });
  return points;
}

function reference(points: Point[], from: number, to: number) {
  const values = points.filter((p) => p.ts.getTime() >= from && p.ts.getTime() < to).map((p) => p.value!);
  if (values.length === 0) return { avg: null, sum: null, min: null, max: null, count: 0 };
  const sum = values.reduce((a, b) => a + b, 0);
  return { avg: sum / values.length, sum, min: Math.min(...values), max: Math.max(...values), count: values.length };
}

describe('GET /api/v1/telemetry/series', () => {
  it('returns raw points of the last hour in columns, matching the tag case-insensitively', async () => {
    const s = await telemetryScene(api, ['Press 1']);
    const [machineId] = s.machineIds as [string];
    await addTag(api.deps.pool, s.org.org.id, machineId, 'spindle.temp');
    const points = [30, 20, 10].map((minutes, i) => ({ tag: 'spindle.temp', ts: ago(minutes * 60_000), value: 40 + i, quality: 192 }));
    await storePoints(api.deps.pool, machineId, [...points, { tag: 'spindle.temp', ts: ago(2 * HOUR), value: 1 }]);

    const res = await s.member('GET', `/telemetry/series?${qs({ machineId, tag: 'SPINDLE.TEMP', range: '1h' })}`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ machineId, tag: 'spindle.temp', widened: null });
    expect(Date.parse(res.json.to) - Date.parse(res.json.from)).toBe(HOUR);
    expect(res.json.series).toEqual({
      resolution: 'raw',
      bucketSeconds: 0,
      t: points.map((p) => p.ts.getTime() / 1000),
      avg: [40, 41, 42],
      min: [40, 41, 42],
      max: [40, 41, 42],
      count: [1, 1, 1],
    });
  });

  it('chooses buckets when the range holds more than maxPoints, counting every point once', async () => {
    const s = await telemetryScene(api, ['Press 1']);
    const [machineId] = s.machineIds as [string];
    const from = Date.parse('2026-01-05T00:00:00Z');
    const points = steady('rpm', from, from + 2 * HOUR, 1000);
    await storePoints(api.deps.pool, machineId, points);
    const res = await s.owner(
      'GET',
      `/telemetry/series?${qs({ machineId, tag: 'rpm', from: new Date(from).toISOString(), to: new Date(from + 2 * HOUR).toISOString(), maxPoints: 100 })}`,
    );
    expect(res.status).toBe(200);
    const { series } = res.json;
    expect(series.resolution).toBe('1m');
    expect(series.bucketSeconds).toBe(120);
    expect(series.t.length).toBeLessThanOrEqual(100);
    expect(series.count.reduce((a: number, b: number) => a + b, 0)).toBe(points.length);
    const weighted = series.avg.reduce((a: number, avg: number, i: number) => a + avg * series.count[i], 0);
    expect(weighted).toBeCloseTo(reference(points, from, from + 2 * HOUR).sum!, 6);
  });

  it('widens an empty preset range to 48 h, then 7 days, and says so; never a given from/to or a longer range', async () => {
    const s = await telemetryScene(api, ['Press 1', 'Press 2', 'Press 3']);
    const [recent, older, oldest] = s.machineIds as [string, string, string];
    await storePoints(api.deps.pool, recent, [{ tag: 't', ts: ago(30 * HOUR), value: 1 }]);
    await storePoints(api.deps.pool, older, [{ tag: 't', ts: ago(5 * DAY), value: 2 }]);
    await storePoints(api.deps.pool, oldest, [{ tag: 't', ts: ago(10 * DAY), value: 3 }]);
    const series = (machineId: string, params: Record<string, string>) =>
      s.owner('GET', `/telemetry/series?${qs({ machineId, tag: 't', ...params })}`).then((r) => r.json);

    const to48h = await series(recent, { range: '1h' });
    expect(to48h).toMatchObject({ widened: '48h', series: { avg: [1] } });
    expect(Date.parse(to48h.to) - Date.parse(to48h.from)).toBe(2 * DAY);
    expect(await series(older, { range: '10m' })).toMatchObject({ widened: '7d', series: { avg: [2] } });
    expect(await series(older, { range: '24h' })).toMatchObject({ widened: '7d', series: { avg: [2] } });
    const none = await series(oldest, { range: '1h' });
    expect(none).toMatchObject({ widened: null, series: { t: [] } });
    expect(Date.parse(none.to) - Date.parse(none.from)).toBe(HOUR);
    // 14 days already covers the point; 7 days would not, and a longer range is never narrowed.
    expect(await series(oldest, { range: '14d' })).toMatchObject({ widened: null, series: { avg: [3] } });
    expect(await series(older, { from: ago(2 * HOUR).toISOString(), to: ago(HOUR).toISOString() })).toMatchObject({ widened: null, series: { t: [] } });
    // Without a range or from/to: the chart default (1 hour), widened like any preset.
    expect(await series(recent, {})).toMatchObject({ widened: '48h', series: { avg: [1] } });
  });

  it('answers 400 with a clear message for bad parameters', async () => {
    const s = await telemetryScene(api, ['Press 1']);
    const [machineId] = s.machineIds as [string];
    const cases: [Record<string, string>, string][] = [
      [{ tag: 't' }, 'query.machineId'],
      [{ machineId: 'nope', tag: 't' }, 'query.machineId'],
      [{ machineId }, 'query.tag'],
      [{ machineId, tag: 't', range: '2h' }, 'query.range'],
      [{ machineId, tag: 't', range: '1h', from: ago(HOUR).toISOString(), to: ago(0).toISOString() }, 'Give either range or from and to, not both.'],
      [{ machineId, tag: 't', from: ago(HOUR).toISOString() }, 'from and to go together.'],
      [{ machineId, tag: 't', from: ago(0).toISOString(), to: ago(HOUR).toISOString() }, 'from must be before to.'],
      [{ machineId, tag: 't', from: ago(367 * DAY).toISOString(), to: ago(0).toISOString() }, 'The range may cover at most 366 days.'],
      [{ machineId, tag: 't', from: 'yesterday', to: ago(0).toISOString() }, 'query.from'],
      [{ machineId, tag: 't', maxPoints: '1' }, 'query.maxPoints'],
      [{ machineId, tag: 't', maxPoints: '100001' }, 'query.maxPoints'],
      [{ machineId, tag: 't\u0000' }, 'tag must not contain NUL characters.'],
      [{ machineId, tag: 't', bucket: '1m' }, 'bucket'],
    ];
    for (const [params, message] of cases) {
      const res = await s.owner('GET', `/telemetry/series?${qs(params)}`);
      expect(res.status, JSON.stringify(params)).toBe(400);
      expect(res.json.error.code).toBe('validation_failed');
      expect(res.json.error.message).toContain(message);
    }
  });
});

describe('GET /api/v1/analytics/aggregate', () => {
  it('equals a reference computed from the points, for ranges with partial minutes and hours', async () => {
    const s = await telemetryScene(api, ['Press 1']);
    const [machineId] = s.machineIds as [string];
    const start = Date.parse('2026-02-01T06:00:00Z');
    const points = steady('temp', start, start + 5 * HOUR, 7000);
    await storePoints(api.deps.pool, machineId, points);
    const ranges: [number, number][] = [
      [start, start + 5 * HOUR],
      [start + 90_500, start + 3 * HOUR + 61_250],
      [start + 59 * 60_000 + 12_000, start + 61 * 60_000 + 3000],
      [start + 10_000, start + 10_000],
      [start - DAY, start - HOUR],
    ];
    for (const [from, to] of ranges) {
      const res = await s.member('GET', `/analytics/aggregate?${qs({ machineId, tag: 'temp', from: new Date(from).toISOString(), to: new Date(to).toISOString() })}`);
      expect(res.status).toBe(200);
      const expected = reference(points, from, to);
      expect(res.json.count).toBe(expected.count);
      expect(res.json.sum).toBe(expected.sum);
      expect(res.json.min).toBe(expected.min);
      expect(res.json.max).toBe(expected.max);
      if (expected.avg === null) expect(res.json.avg).toBeNull();
      else expect(res.json.avg).toBeCloseTo(expected.avg, 9);
    }
  });

  it('refuses from after to and ranges over 366 days', async () => {
    const s = await telemetryScene(api, ['Press 1']);
    const [machineId] = s.machineIds as [string];
    const bad = await s.owner('GET', `/analytics/aggregate?${qs({ machineId, tag: 't', from: ago(0).toISOString(), to: ago(HOUR).toISOString() })}`);
    expect([bad.status, bad.json.error.message]).toEqual([400, expect.stringContaining('from must not be after to.')]);
    const long = await s.owner('GET', `/analytics/aggregate?${qs({ machineId, tag: 't', from: ago(400 * DAY).toISOString(), to: ago(0).toISOString() })}`);
    expect([long.status, long.json.error.message]).toEqual([400, expect.stringContaining('at most 366 days')]);
  });
});

describe('organization isolation and authorization', () => {
  it("answers another organization's machine exactly like a missing one, and never its data", async () => {
    const mine = await telemetryScene(api, ['Mine']);
    const theirs = await telemetryScene(api, ['Theirs']);
    const [foreign] = theirs.machineIds as [string];
    await storePoints(api.deps.pool, foreign, [{ tag: 't', ts: ago(60_000), value: 99 }]);
    const window = { tag: 't', from: ago(HOUR).toISOString(), to: ago(0).toISOString() };
    for (const path of ['/telemetry/series', '/analytics/aggregate']) {
      const other = await mine.owner('GET', `${path}?${qs({ machineId: foreign, ...window })}`);
      const missing = await mine.owner('GET', `${path}?${qs({ machineId: randomUUID(), ...window })}`);
      expect(other.status).toBe(404);
      expect(other.json).toEqual(missing.json);
      expect(other.json.error).toEqual({ code: 'not_found', message: 'Machine not found.' });
      // The owner organization reads it.
      expect((await theirs.member('GET', `${path}?${qs({ machineId: foreign, ...window })}`)).status).toBe(200);
    }
    const points = await mine.owner('GET', `/telemetry/points-today?${qs({ machineId: foreign, since: ago(HOUR).toISOString() })}`);
    expect(points.status).toBe(404);
  });

  it('needs a signed-in user with machine:read', async () => {
    const anonymous = await new TestClient(api.baseUrl).request('GET', `/api/v1/telemetry/series?${qs({ machineId: randomUUID(), tag: 't' })}`);
    expect(anonymous.status).toBe(401);
    const s = await telemetryScene(api, ['Press 1']);
    await withPlatform(api.deps.pool, (db) => db.query("UPDATE users SET permissions = '{dashboard:read}' WHERE id = $1", [s.org.member.id]));
    const res = await s.member('GET', `/telemetry/series?${qs({ machineId: s.machineIds[0], tag: 't' })}`);
    expect(res.status).toBe(403);
  });
});

describe('GET /api/v1/telemetry/points-today', () => {
  it("gives the organization's points since UTC midnight and each machine's points since the given local midnight", async () => {
    const s = await telemetryScene(api, ['Alpha', 'Beta']);
    const [alpha, beta] = s.machineIds as [string, string];
    const key = await s.owner('POST', '/api-keys', { label: 'agent', scopes: ['ingest:write'] });
    const ingest = (machineId: string, values: { tag: string; timestamp: string; value: number }[]) =>
      new TestClient(api.baseUrl).request('POST', '/api/v1/ingest', { body: { machineId, values }, headers: { authorization: `Bearer ${key.json.key}` } });
    const since = ago(3 * HOUR);
    const before = await s.owner('GET', '/telemetry/points-today');
    expect(before.json).toEqual({ day: new Date().toISOString().slice(0, 10), points: 0, since: null, machines: [] });

    await ingest(alpha, [
      { tag: 'a', timestamp: ago(HOUR).toISOString(), value: 1 },
      { tag: 'b', timestamp: ago(2 * HOUR).toISOString(), value: 2 },
      { tag: 'a', timestamp: ago(4 * HOUR).toISOString(), value: 3 },
    ]);
    await ingest(beta, [{ tag: 'a', timestamp: ago(60_000).toISOString(), value: 4 }]);
    const res = await s.member('GET', `/telemetry/points-today?${qs({ since: since.toISOString() })}`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      day: new Date().toISOString().slice(0, 10),
      points: 4,
      since: since.toISOString(),
      machines: [
        { machineId: alpha, points: 2 },
        { machineId: beta, points: 1 },
      ],
    });
    const one = await s.member('GET', `/telemetry/points-today?${qs({ since: since.toISOString(), machineId: beta })}`);
    expect(one.json.machines).toEqual([{ machineId: beta, points: 1 }]);
    const tooOld = await s.member('GET', `/telemetry/points-today?${qs({ since: ago(49 * HOUR).toISOString() })}`);
    expect([tooOld.status, tooOld.json.error.message]).toEqual([400, expect.stringContaining('since must be within the last 48 hours.')]);
  });
});
