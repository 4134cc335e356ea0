import { randomUUID } from 'node:crypto';
import { withPlatform } from '@taktwerk/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../../../testing/api-server';
import { addTag, qs, storePoints, telemetryScene, type Point, type TelemetryScene } from '../telemetry/test-support';
import { parseCsv } from '../../../../testing/csv';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => api.close());

const MINUTE = 60_000;
const DAY = 86_400_000;
const FROM_DAY = '2026-01-10';
const TO_DAY = '2026-01-11';
const START = Date.parse(`${FROM_DAY}T00:00:00Z`);
const END = START + 2 * DAY;
const TEXTS = ['idle', 'running, fast', 'say "hi"', 'two\r\nlines', '=1+2', ''];

interface Stored extends Point {
  machine: string;
  machineId: string;
}

interface Scene extends TelemetryScene {
  press: string;
  lathe: string;
  points: Stored[];
}

/**
 * Two machines whose names need CSV quoting, numeric tags on both and a text tag on one, every 7 minutes over the two
 * days plus points exactly on and just outside both ends of the range.
 */
async function explorerScene(): Promise<Scene> {
  const s = await telemetryScene(api, ['Press, 1', 'Lathe "B"']);
  const [press, lathe] = s.machineIds as [string, string];
  const orgId = s.org.org.id;
  await addTag(api.deps.pool, orgId, press, 'temp');
  await addTag(api.deps.pool, orgId, press, 'state', 'String');
  await addTag(api.deps.pool, orgId, lathe, 'Temp');
  await addTag(api.deps.pool, orgId, lathe, 'pressure');
  const points: Stored[] = [];
  const add = (machineId: string, machine: string, p: Point) => points.push({ ...p, machineId, machine });
  const edges = [START - 1, START, END - 1, END];
  for (const [i, t] of [...edges, ...Array.from({ length: (2 * DAY) / (7 * MINUTE), }, (_, k) => START + 1234 + k * 7 * MINUTE)].entries()) {
    add(press, 'Press, 1', { tag: 'temp', ts: new Date(t), value: ((i * 37) % 101) * 0.25 - 5, quality: i % 3 === 0 ? null : 192 });
    add(lathe, 'Lathe "B"', { tag: 'Temp', ts: new Date(t + 1000), value: (i % 17) * 1.5 });
    add(lathe, 'Lathe "B"', { tag: 'pressure', ts: new Date(t), value: i % 5 });
    add(press, 'Press, 1', { tag: 'state', ts: new Date(t), text: TEXTS[i % TEXTS.length]!, quality: 0 });
  }
  for (const machineId of [press, lathe]) await storePoints(api.deps.pool, machineId, points.filter((p) => p.machineId === machineId));
  return { ...s, press, lathe, points };
}

let scene: Scene;
beforeAll(async () => {
  scene = await explorerScene();
}, 60_000);

const query = (params: Record<string, string | number | string[] | undefined>, caller = scene.owner) =>
  caller('GET', `/data-explorer/query?${qs(params)}`);
const both = () => ({ machineIds: `${scene.press},${scene.lathe}`, fromDay: FROM_DAY, toDay: TO_DAY });
const inRange = (p: Point) => p.ts.getTime() >= START && p.ts.getTime() < END;
const ORDER = ['Lathe "B"/pressure', 'Lathe "B"/Temp', 'Press, 1/state', 'Press, 1/temp'];
const seriesRank = (p: Stored) => ORDER.indexOf(`${p.machine}/${p.tag}`);

/** The raw rows the explorer must return for these tags: in range, by time, then machine name and tag. */
function expectedRaw(tags: string[]) {
  return scene.points
    .filter((p) => inRange(p) && tags.includes(p.tag.toLowerCase()))
    .sort((a, b) => a.ts.getTime() - b.ts.getTime() || seriesRank(a) - seriesRank(b))
    .map((p) => ({ machineId: p.machineId, machine: p.machine, tag: p.tag, time: p.ts.toISOString(), value: p.value ?? p.text ?? null, quality: p.quality ?? null }));
}

/** Aggregates of numeric values per UTC-aligned bucket, as the explorer must compute them. */
function expectedAggregates(tags: string[], fn: 'avg' | 'min' | 'max' | 'sum' | 'count', widthMs: number) {
  const groups = new Map<string, { p: Stored; values: number[]; bucket: number }>();
  for (const p of scene.points.filter((q) => inRange(q) && tags.includes(q.tag.toLowerCase()) && typeof q.value === 'number')) {
    const bucket = Math.floor(p.ts.getTime() / widthMs) * widthMs;
    const key = `${p.machineId}/${p.tag}/${bucket}`;
    const group = groups.get(key) ?? { p, values: [], bucket };
    group.values.push(p.value!);
    groups.set(key, group);
  }
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  const value = { avg: (v: number[]) => sum(v) / v.length, min: (v: number[]) => Math.min(...v), max: (v: number[]) => Math.max(...v), sum, count: (v: number[]) => v.length }[fn];
  return [...groups.values()]
    .sort((a, b) => a.bucket - b.bucket || seriesRank(a.p) - seriesRank(b.p))
    .map(({ p, values, bucket }) => ({ machineId: p.machineId, machine: p.machine, tag: p.tag, time: new Date(bucket).toISOString(), value: value(values), quality: null }));
}

describe('GET /api/v1/data-explorer/query', () => {
  it('checks machine, then tag, then that the tags exist, with the spec messages; then dates, aggregation, interval, limit', async () => {
    const cases: [Record<string, string | number | undefined>, string, string][] = [
      [{}, 'select_machine', 'Please select a machine.'],
      [{ machineIds: ' , ', tags: 'temp' }, 'select_machine', 'Please select a machine.'],
      [{ machineIds: scene.press }, 'select_tag', 'Please select a tag.'],
      [{ machineIds: scene.press, tags: 'nope' }, 'tags_not_found', 'Selected tags not found.'],
      [{ machineIds: scene.press, tags: 'temp,pressure' }, 'tags_not_found', 'Selected tags not found.'],
      [{ machineIds: scene.press, tagIds: randomUUID() }, 'tags_not_found', 'Selected tags not found.'],
      [{ machineIds: scene.press, tags: 't\u0000' }, 'tags_not_found', 'Selected tags not found.'],
      [{ machineIds: 'press-1', tags: 'temp' }, 'invalid_machine', 'Machine ids must be UUIDs.'],
      [{ machineIds: scene.press, tags: 'temp', fromDay: '2026-02-30' }, 'invalid_day', 'Dates must be given as YYYY-MM-DD.'],
      [{ machineIds: scene.press, tags: 'temp', fromDay: '10.01.2026' }, 'invalid_day', 'Dates must be given as YYYY-MM-DD.'],
      [{ machineIds: scene.press, tags: 'temp', fromDay: TO_DAY, toDay: FROM_DAY }, 'day_order', 'The from date must not be after the to date.'],
      [{ machineIds: scene.press, tags: 'temp', fromDay: '2025-01-10', toDay: '2026-01-11' }, 'range_too_long', 'The date range may cover at most 366 days.'],
      [{ machineIds: scene.press, tags: 'temp', aggregation: 'median' }, 'invalid_aggregation', 'Aggregation must be one of none, avg, min, max, sum, count.'],
      [{ machineIds: scene.press, tags: 'temp', aggregation: 'avg', interval: '2h' }, 'invalid_interval', 'Interval must be one of 1m, 5m, 15m, 1h, 6h, 1d.'],
      [{ machineIds: scene.press, tags: 'temp', limit: 9 }, 'limit_too_small', 'Row limit must be at least 10.'],
      [{ machineIds: scene.press, tags: 'temp', limit: 'ten' }, 'limit_too_small', 'Row limit must be at least 10.'],
      [{ machineIds: scene.press, tags: 'temp', limit: 10_010 }, 'limit_too_large', 'Row limit must be at most 10000; use the CSV export for more.'],
    ];
    for (const [params, code, message] of cases) {
      const res = await query(params);
      expect(res.status, JSON.stringify(params)).toBe(400);
      expect(res.json.error, JSON.stringify(params)).toEqual({ code, message });
    }
    expect((await query({ machineIds: scene.press, tags: 'temp', color: 'red' })).status).toBe(400);
  });

  it('returns stored values from the start of the from day to the end of the to day (UTC), by time, then machine and tag', async () => {
    const res = await query({ ...both(), tags: 'TEMP,state,pressure', limit: 10_000 }, scene.member);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ truncated: false, limit: 10_000, aggregation: 'none', from: `${FROM_DAY}T00:00:00.000Z`, to: '2026-01-12T00:00:00.000Z' });
    const expected = expectedRaw(['temp', 'state', 'pressure']);
    expect(res.json.rows).toEqual(expected);
    expect(res.json.rows[0]).toMatchObject({ machine: 'Lathe "B"', tag: 'pressure', time: `${FROM_DAY}T00:00:00.000Z` });
    expect(res.json.rows.at(-1).time).toBe('2026-01-11T23:59:59.999Z');
  });

  it('cuts at the row limit (default 1000) and says so; tag ids work like aliases', async () => {
    const limited = await query({ ...both(), tags: 'temp', limit: 10 });
    expect(limited.json.rows).toEqual(expectedRaw(['temp']).slice(0, 10));
    expect(limited.json.truncated).toBe(true);
    const { rows: tagRows } = await withPlatform(api.deps.pool, (db) => db.query("SELECT id FROM tag_configs WHERE machine_id = $1 AND alias = 'temp'", [scene.press]));
    const byDefault = await query({ machineIds: [scene.press, scene.lathe], tagIds: tagRows[0].id, fromDay: FROM_DAY, toDay: TO_DAY });
    expect(byDefault.json.limit).toBe(1000);
    expect(byDefault.json.rows).toEqual(expectedRaw(['temp']).slice(0, 1000));
  });

  it('aggregates numeric values per UTC interval exactly like a reference; text-only tags give no aggregate rows', async () => {
    const widths = { '1m': MINUTE, '5m': 5 * MINUTE, '15m': 15 * MINUTE, '1h': 60 * MINUTE, '6h': 360 * MINUTE, '1d': DAY } as const;
    for (const fn of ['avg', 'min', 'max', 'sum', 'count'] as const) {
      for (const interval of ['1m', '1h', '6h', '1d'] as const) {
        const res = await query({ ...both(), tags: 'temp,pressure,state', aggregation: fn, interval, limit: 10_000 });
        expect(res.status).toBe(200);
        const expected = expectedAggregates(['temp', 'pressure'], fn, widths[interval]);
        expect(res.json.rows.length, `${fn} ${interval}`).toBe(expected.length);
        res.json.rows.forEach((row: { value: number }, i: number) => {
          expect(row).toMatchObject({ ...expected[i], value: expect.any(Number) });
          expect(row.value).toBeCloseTo(expected[i]!.value, 9);
        });
      }
    }
    const fiveMinutes = await query({ ...both(), tags: 'temp', aggregation: 'count', interval: '5m', limit: 20 });
    expect(fiveMinutes.json.rows).toEqual(expectedAggregates(['temp'], 'count', widths['5m']).slice(0, 20));
  });
});

describe('organization isolation', () => {
  it("answers another organization's machine like a missing one and never returns its rows", async () => {
    const other = await explorerScene();
    const foreign = await query({ machineIds: other.press, tags: 'temp', fromDay: FROM_DAY, toDay: TO_DAY });
    const missing = await query({ machineIds: randomUUID(), tags: 'temp', fromDay: FROM_DAY, toDay: TO_DAY });
    expect(foreign.status).toBe(404);
    expect(foreign.json).toEqual(missing.json);
    expect(foreign.json.error.message).toBe('Machine not found.');
    expect((await query({ machineIds: `${scene.press},${other.press}`, tags: 'temp' })).status).toBe(404);
    const { rows } = await withPlatform(api.deps.pool, (db) => db.query("SELECT id FROM tag_configs WHERE machine_id = $1 AND alias = 'temp'", [other.press]));
    const foreignTag = await query({ machineIds: scene.press, tagIds: rows[0].id });
    expect(foreignTag.json.error.code).toBe('tags_not_found');
    const exported = await scene.owner('GET', `/data-explorer/export.csv?${qs({ machineIds: other.press, tags: 'temp' })}`);
    expect([exported.status, exported.headers.get('content-type')]).toEqual([404, expect.stringContaining('application/json')]);
    // The same query from the owning organization sees its own data.
    const own = other.points.filter((p) => p.machineId === other.press && p.tag === 'temp' && inRange(p)).sort((a, b) => a.ts.getTime() - b.ts.getTime());
    const seen = await query({ machineIds: other.press, tags: 'temp', fromDay: FROM_DAY, toDay: TO_DAY }, other.owner);
    expect(seen.json.rows.map((r: { value: number }) => r.value)).toEqual(own.map((p) => p.value));
  });
});

describe('GET /api/v1/data-explorer/export.csv', () => {
  it('downloads every row of the range as RFC 4180 CSV that parses back to the query rows', async () => {
    const params = { ...both(), tags: 'temp,state,pressure' };
    const res = await scene.member('GET', `/data-explorer/export.csv?${qs(params)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="taktwerk-export-${FROM_DAY}-to-${TO_DAY}.csv"`);
    expect(res.text.startsWith('machine,tag,time,value,quality\r\n')).toBe(true);
    const [header, ...records] = parseCsv(res.text);
    expect(header).toEqual(['machine', 'tag', 'time', 'value', 'quality']);
    const expected = expectedRaw(['temp', 'state', 'pressure']);
    expect(expected.length).toBeGreaterThan(1000);
    expect(records).toEqual(expected.map((r) => [r.machine, r.tag, r.time, r.value === null ? '' : String(r.value), r.quality === null ? '' : String(r.quality)]));
    expect(records.filter((r) => r[1] === 'state').map((r) => r[3])).toEqual(expect.arrayContaining(TEXTS));
  });

  it('honours a limit when one is given, and exports aggregates', async () => {
    const limited = await scene.owner('GET', `/data-explorer/export.csv?${qs({ ...both(), tags: 'temp', limit: 10 })}`);
    expect(parseCsv(limited.text).length).toBe(11);
    const daily = await scene.owner('GET', `/data-explorer/export.csv?${qs({ ...both(), tags: 'temp', aggregation: 'max', interval: '1d' })}`);
    expect(parseCsv(daily.text).slice(1)).toEqual(expectedAggregates(['temp'], 'max', DAY).map((r) => [r.machine, r.tag, r.time, String(r.value), '']));
    const bad = await scene.owner('GET', `/data-explorer/export.csv?${qs({ machineIds: scene.press })}`);
    expect([bad.status, bad.json.error.message]).toEqual([400, 'Please select a tag.']);
  });
});
