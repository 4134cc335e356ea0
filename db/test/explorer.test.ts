// The data explorer's reads give the same rows as a plain scan of the raw points on both storage engines (plain
// PostgreSQL and TimescaleDB, before and after the continuous aggregates materialize), and a full read streams in
// index order instead of sorting the whole range.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  explorerStatement,
  insertPoints,
  prepareExplorerStream,
  readExplorerRows,
  runMigrations,
  streamExplorerRows,
  type ExplorerRawRow,
  type ExplorerRead,
  type ExplorerRollup,
  type ExplorerSeries,
} from '@taktwerk/db';
import { testDatabase } from '../../testing/context';
import { startTimescale, type TimescaleServer } from '../../testing/timescale';

const FROM = new Date('2026-04-01T00:00:00Z');
const TO = new Date('2026-04-02T00:00:00Z');

/** Two machines, two numeric tags and a text tag, irregular steps, some points just outside the range. */
function dataset(machines: [string, string]) {
  const rows: { machineId: string; tag: string; ts: Date; value: number | null; text: string | null; quality: number | null }[] = [];
  machines.forEach((machineId, m) => {
    for (let t = FROM.getTime() - 300_000, i = 0; t < TO.getTime() + 300_000; t += 37_000 + ((i * 7919) % 50_000), i += 1) {
      rows.push({ machineId, tag: 'temp', ts: new Date(t), value: ((i * 31 + m) % 97) * 0.5, text: null, quality: i % 4 === 0 ? null : 192 });
      if (i % 3 === 0) rows.push({ machineId, tag: 'rpm', ts: new Date(t + 500), value: (i % 13) * 100, text: null, quality: 0 });
      if (i % 5 === 0) rows.push({ machineId, tag: 'state', ts: new Date(t), value: null, text: `s${i % 3}`, quality: null });
    }
  });
  return rows;
}

/** The WASM build drops statements over ~64 KB, so both engines insert in chunks of 500. */
async function store(client: pg.Client, rows: ReturnType<typeof dataset>) {
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    await insertPoints(client, {
      machineIds: chunk.map((r) => r.machineId),
      tags: chunk.map((r) => r.tag),
      timestamps: chunk.map((r) => r.ts),
      values: chunk.map((r) => r.value),
      texts: chunk.map((r) => r.text),
      qualities: chunk.map((r) => r.quality),
    });
  }
}

/** The same answer by brute force: a GROUP BY over the raw points, in the explorer's order. */
async function bruteForce(client: pg.Client, read: ExplorerRead): Promise<ExplorerRawRow[]> {
  const keys = read.series.map((s, n) => [n, s.machineId, s.tag] as const);
  const ids = keys.map((k) => k[1]);
  const tags = keys.map((k) => k[2]);
  const ns = keys.map((k) => k[0]);
  const series = `(SELECT * FROM unnest($3::int[], $4::uuid[], $5::text[]) AS s (n, machine_id, tag))`;
  if (!read.aggregate) {
    const { rows } = await client.query({
      text: `SELECT s.n, to_char(v.ts AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), v.value, v.value_text, v.quality::int
               FROM ingested_values v JOIN ${series} s USING (machine_id, tag)
              WHERE v.ts >= $1 AND v.ts < $2 ORDER BY v.ts, s.n`,
      values: [read.from, read.to, ns, ids, tags],
      rowMode: 'array',
    });
    return rows as ExplorerRawRow[];
  }
  const fn: Record<ExplorerRollup, string> = { avg: 'avg(v.value)', min: 'min(v.value)', max: 'max(v.value)', sum: 'sum(v.value)', count: 'count(v.value)::float8' };
  const { rows } = await client.query({
    text: `SELECT s.n, to_char(b.bucket AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), ${fn[read.aggregate.fn]}, NULL::text, NULL::int
             FROM ingested_values v JOIN ${series} s USING (machine_id, tag)
            CROSS JOIN LATERAL (SELECT date_bin($6::interval, v.ts, TIMESTAMPTZ '2000-01-03 00:00:00+00') AS bucket) b
            WHERE v.ts >= $1 AND v.ts < $2 GROUP BY s.n, b.bucket HAVING count(v.value) > 0 ORDER BY b.bucket, s.n`,
    values: [read.from, read.to, ns, ids, tags, `${read.aggregate.bucketSeconds} seconds`],
    rowMode: 'array',
  });
  return rows as ExplorerRawRow[];
}

function expectSameRows(actual: ExplorerRawRow[], expected: ExplorerRawRow[]) {
  expect(actual.length).toBe(expected.length);
  actual.forEach((row, i) => {
    const [n, time, value, text, quality] = expected[i]!;
    expect(row.slice(0, 2)).toEqual([n, time]);
    expect(row.slice(3)).toEqual([text, quality]);
    if (value === null) expect(row[2]).toBeNull();
    else expect(row[2]).toBeCloseTo(value, 9);
  });
}

async function collect(stream: NodeJS.ReadableStream): Promise<ExplorerRawRow[]> {
  const rows: ExplorerRawRow[] = [];
  for await (const row of stream) rows.push(row as unknown as ExplorerRawRow);
  return rows;
}

function suite(mode: 'plain' | 'timescale', connect: () => Promise<pg.Client>) {
  const machines: [string, string] = [randomUUID(), randomUUID()];
  const series: ExplorerSeries[] = [
    { machineId: machines[0], machineName: 'A', tag: 'rpm' },
    { machineId: machines[0], machineName: 'A', tag: 'state' },
    { machineId: machines[0], machineName: 'A', tag: 'temp' },
    { machineId: machines[1], machineName: 'B', tag: 'temp' },
  ];
  let client: pg.Client;
  beforeAll(async () => {
    client = await connect();
    await store(client, dataset(machines));
  });
  afterAll(async () => client?.end());

  const reads: ExplorerRead[] = [
    { series, from: FROM, to: TO, aggregate: null, limit: null },
    { series, from: FROM, to: TO, aggregate: null, limit: 25 },
    ...(['avg', 'min', 'max', 'sum', 'count'] as const).flatMap((fn) =>
      [60, 300, 3600, 21_600, 86_400].map((bucketSeconds) => ({ series, from: FROM, to: TO, aggregate: { fn, bucketSeconds }, limit: null })),
    ),
  ];

  async function checkAll() {
    for (const read of reads) {
      const expected = await bruteForce(client, read);
      expectSameRows(await readExplorerRows(client, read), read.limit ? expected.slice(0, read.limit) : expected);
    }
  }

  it(`${mode}: raw and aggregated reads equal a scan of the raw points`, async () => {
    await checkAll();
    if (mode === 'timescale') {
      await client.query("CALL refresh_continuous_aggregate('ingested_values_1m', NULL, NULL)");
      await client.query("CALL refresh_continuous_aggregate('ingested_values_1h', NULL, NULL)");
      await checkAll();
    }
  });

  it(`${mode}: a streamed read gives the same rows`, async () => {
    for (const read of [reads[0]!, reads[2]!]) {
      await client.query('BEGIN');
      await prepareExplorerStream(client, 60_000, read);
      expectSameRows(await collect(streamExplorerRows(client, read)), await readExplorerRows(client, read));
      await client.query('COMMIT');
    }
  });
}

describe('data explorer reads on plain PostgreSQL', () => {
  suite('plain', async () => {
    const client = new pg.Client({ connectionString: testDatabase().ownerUrl });
    await client.connect();
    return client;
  });

  it('a full read streams in index order (Merge Append of the series), never a sort of the whole range', async () => {
    const client = new pg.Client({ connectionString: testDatabase().ownerUrl });
    await client.connect();
    try {
      const machines: [string, string] = [randomUUID(), randomUUID()];
      await store(client, dataset(machines));
      await client.query('ANALYZE ingested_values');
      const explain = async (series: ExplorerSeries[], aggregate: ExplorerRead['aggregate'] = null) => {
        const read: ExplorerRead = { series, from: new Date(0), to: new Date('2100-01-01T00:00:00Z'), aggregate, limit: null };
        const { text, values } = explorerStatement(read);
        await client.query('BEGIN');
        await prepareExplorerStream(client, 60_000, read);
        const { rows } = await client.query({ text: `EXPLAIN (FORMAT JSON) ${text}`, values });
        await client.query('COMMIT');
        return rows[0]['QUERY PLAN'][0] as { Plan: PlanNode; JIT?: unknown };
      };
      type PlanNode = { 'Node Type': string; 'Total Cost': number; Plans?: PlanNode[] };
      const planOf = async (series: ExplorerSeries[]) => {
        const nodes: string[] = [];
        const walk = (node: PlanNode) => {
          nodes.push(node['Node Type']);
          for (const child of node.Plans ?? []) walk(child);
        };
        walk((await explain(series)).Plan);
        return nodes;
      };
      const two = await planOf(machines.map((machineId, i) => ({ machineId, machineName: `M${i}`, tag: 'temp' })));
      expect(two).toContain('Merge Append');
      expect(two).not.toContain('Sort');
      expect(two).not.toContain('Gather Merge');
      // One series: its index scan alone, not even the incremental sort that orders ties between series.
      const one = await planOf([{ machineId: machines[0], machineName: 'M0', tag: 'temp' }]);
      expect(one).toContain('Index Scan');
      expect(one.filter((node) => node.includes('Sort'))).toEqual([]);
      // Aggregates keep their honest cost estimate: small, so no JIT compilation is planned.
      const aggregated = await explain([{ machineId: machines[0], machineName: 'M0', tag: 'temp' }], { fn: 'avg', bucketSeconds: 60 });
      expect(aggregated.Plan['Total Cost']).toBeLessThan(100_000);
      expect(aggregated.JIT).toBeUndefined();
    } finally {
      await client.end();
    }
  });
});

describe('data explorer reads on TimescaleDB', () => {
  let server: TimescaleServer;
  beforeAll(async () => {
    server = await startTimescale();
    await runMigrations(server.url);
  });
  afterAll(async () => server?.close());
  suite('timescale', async () => {
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    return client;
  });
});
