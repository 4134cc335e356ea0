// Both storage engines (ARCHITECTURE.md "Data") from one migration path, checked with the same assertions:
// TimescaleDB through PGlite's WASM build (tests only) and plain PostgreSQL through the run's test database.
import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, runMigrations } from '@taktwerk/db';
import { testDatabase } from '../../testing/context';
import { startTimescale, type TimescaleServer } from '../../testing/timescale';

type Mode = 'timescale' | 'plain';
type Point = { machineId: string; tag: string; ts: Date; value: number | null };
type Rollup = { machine_id: string; tag: string; bucket: string; min: number | null; max: number | null; sum: number | null; count: number };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const MIGRATION_FILES = readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')).length;

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  // PGlite's socket server serves one connection at a time: every use opens and closes its own client.
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function insertPoints(client: pg.Client, points: Point[]): Promise<number> {
  const result = await client.query(
    `INSERT INTO ingested_values (machine_id, tag, ts, value)
     SELECT * FROM unnest($1::uuid[], $2::text[], $3::timestamptz[], $4::float8[])
     ON CONFLICT DO NOTHING`,
    [points.map((p) => p.machineId), points.map((p) => p.tag), points.map((p) => p.ts), points.map((p) => p.value)],
  );
  return result.rowCount ?? 0;
}

/**
 * Two batches over two machines, three tags, several minutes and hours. Values are multiples of 0.25 so every
 * sum is exact whatever order the engine adds in. Batch two has late points for buckets batch one filled, a
 * resend of a stored point with another value, a duplicate inside the batch, and a tag whose values are all null.
 */
function makeBatches(machines: [string, string]): { first: Point[]; second: Point[]; stored: Point[] } {
  const base = Date.parse('2026-01-05T10:00:00Z');
  const offsets = [0, 20_000, 59_999, MINUTE, 90_000, 5 * MINUTE, HOUR - 1, HOUR, HOUR + MINUTE, 2 * HOUR + 5 * MINUTE, 3 * HOUR - 1];
  const first: Point[] = [];
  machines.forEach((machineId, m) => {
    for (const [t, tag] of ['temp', 'speed'].entries()) {
      offsets.forEach((offset, i) => {
        const value = offset === 90_000 && tag === 'speed' ? null : ((i * 7 + m * 3 + t * 5) % 13) - 4 + 0.25 * i;
        first.push({ machineId, tag, ts: new Date(base + offset), value });
      });
    }
    first.push({ machineId, tag: 'state', ts: new Date(base + 30_000), value: null });
  });
  const [a, b] = machines;
  const second: Point[] = [
    { machineId: a, tag: 'temp', ts: new Date(base + 10_000), value: -100.5 }, // late: new minimum in a filled minute
    { machineId: a, tag: 'temp', ts: new Date(base + HOUR + 61_000), value: 250.75 }, // late: new maximum in a filled hour
    { machineId: b, tag: 'speed', ts: new Date(base + 4 * HOUR + 30_000), value: 3.25 }, // a new hour
    { machineId: b, tag: 'speed', ts: new Date(base + 4 * HOUR + 30_000), value: 999 }, // duplicate inside the batch
    { machineId: a, tag: 'temp', ts: new Date(base + 5 * MINUTE), value: 9999 }, // resend of a stored point
    { machineId: b, tag: 'state', ts: new Date(base + 45_000), value: null },
  ];
  // ON CONFLICT DO NOTHING keeps the first value sent for a (machine_id, tag, ts).
  const seen = new Map<string, Point>();
  for (const p of [...first, ...second]) {
    const key = `${p.machineId}|${p.tag}|${p.ts.toISOString()}`;
    if (!seen.has(key)) seen.set(key, p);
  }
  return { first, second, stored: [...seen.values()] };
}

/** The rollups computed independently of any database: UTC-aligned buckets, nulls ignored like SQL aggregates. */
function expectedRollups(points: Point[], width: number): Rollup[] {
  const groups = new Map<string, Rollup>();
  for (const p of points) {
    const bucket = new Date(Math.floor(p.ts.getTime() / width) * width).toISOString();
    const key = `${p.machineId}|${p.tag}|${bucket}`;
    const g = groups.get(key) ?? { machine_id: p.machineId, tag: p.tag, bucket, min: null, max: null, sum: null, count: 0 };
    if (p.value !== null) {
      g.min = g.min === null ? p.value : Math.min(g.min, p.value);
      g.max = g.max === null ? p.value : Math.max(g.max, p.value);
      g.sum = (g.sum ?? 0) + p.value;
      g.count += 1;
    }
    groups.set(key, g);
  }
  return sortRollups([...groups.values()]);
}

function sortRollups(rows: Rollup[]): Rollup[] {
  const key = (r: Rollup) => `${r.machine_id}|${r.tag}|${r.bucket}`;
  return [...rows].sort((x, y) => (key(x) < key(y) ? -1 : key(x) > key(y) ? 1 : 0));
}

function normalize(rows: Record<string, unknown>[]): Rollup[] {
  return sortRollups(
    rows.map((r) => ({
      machine_id: String(r.machine_id),
      tag: String(r.tag),
      bucket: (r.bucket as Date).toISOString(),
      min: r.min as number | null,
      max: r.max as number | null,
      sum: r.sum as number | null,
      count: Number(r.count),
    })),
  );
}

async function readRollup(client: pg.Client, relation: 'ingested_values_1m' | 'ingested_values_1h', machines: string[]) {
  const { rows } = await client.query(
    `SELECT machine_id::text AS machine_id, tag, bucket, min, max, sum, count::int AS count
     FROM ${relation} WHERE machine_id = ANY($1::uuid[])`,
    [machines],
  );
  return normalize(rows);
}

async function readRawGroupBy(client: pg.Client, width: '1 minute' | '1 hour', machines: string[]) {
  // date_bin with a UTC origin is what time_bucket does for timestamptz: independent of the session time zone.
  const { rows } = await client.query(
    `SELECT machine_id::text AS machine_id, tag, date_bin($2::interval, ts, TIMESTAMPTZ '2000-01-03 00:00:00+00') AS bucket,
            min(value) AS min, max(value) AS max, sum(value) AS sum, count(value)::int AS count
     FROM ingested_values WHERE machine_id = ANY($1::uuid[]) GROUP BY 1, 2, 3`,
    [machines, width],
  );
  return normalize(rows);
}

async function refreshRollups(client: pg.Client, mode: Mode): Promise<void> {
  // Plain rollups are kept in step by the insert trigger; continuous aggregates are refreshed (outside a transaction).
  if (mode !== 'timescale') return;
  await client.query("CALL refresh_continuous_aggregate('ingested_values_1m', NULL, NULL)");
  await client.query("CALL refresh_continuous_aggregate('ingested_values_1h', NULL, NULL)");
}

/** The shared assertion: after two overlapping batches, each rollup equals a GROUP BY over the raw points. */
async function assertRollupsMatchRaw(url: string, mode: Mode, sessionTimeZone?: string): Promise<void> {
  const machines: [string, string] = [randomUUID(), randomUUID()];
  const { first, second, stored } = makeBatches(machines);
  await withClient(url, async (client) => {
    if (sessionTimeZone) await client.query(`SET TimeZone = '${sessionTimeZone}'`);
    expect(await insertPoints(client, first)).toBe(first.length);
    await refreshRollups(client, mode);
    expect(await insertPoints(client, second)).toBe(stored.length - first.length);
    // The whole second batch again: nothing new is stored and no rollup moves.
    expect(await insertPoints(client, second)).toBe(0);
    await refreshRollups(client, mode);

    const raw = await client.query('SELECT count(*)::int AS n FROM ingested_values WHERE machine_id = ANY($1::uuid[])', [machines]);
    expect(raw.rows[0].n).toBe(stored.length);

    for (const [relation, width, ms] of [
      ['ingested_values_1m', '1 minute', MINUTE],
      ['ingested_values_1h', '1 hour', HOUR],
    ] as const) {
      const expected = expectedRollups(stored, ms);
      expect(await readRawGroupBy(client, width, machines)).toEqual(expected);
      expect(await readRollup(client, relation, machines), `${relation} (${mode})`).toEqual(expected);
    }
  });
}

/** SECURITY.md item 8: RLS enabled and forced, with a policy, on every table that has an org_id column. */
async function assertTenantTablesForceRls(url: string): Promise<string[]> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ relname: string; enabled: boolean; forced: boolean; policies: number }>(
      `SELECT c.relname, c.relrowsecurity AS enabled, c.relforcerowsecurity AS forced,
              (SELECT count(*)::int FROM pg_policy p WHERE p.polrelid = c.oid) AS policies
       FROM information_schema.columns col
       JOIN pg_namespace n ON n.nspname = col.table_schema
       JOIN pg_class c ON c.relnamespace = n.oid AND c.relname = col.table_name
       WHERE col.table_schema = 'public' AND col.column_name = 'org_id' AND c.relkind IN ('r', 'p')
       ORDER BY c.relname`,
    );
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.filter((r) => !r.enabled || !r.forced || r.policies === 0).map((r) => r.relname)).toEqual([]);
    // SECURITY.md item 9: the time-series table carries no tenant column and no RLS.
    const ts = await client.query("SELECT relrowsecurity FROM pg_class WHERE oid = 'public.ingested_values'::regclass");
    expect(ts.rows[0].relrowsecurity).toBe(false);
    return rows.map((r) => r.relname);
  });
}

async function assertMigratedOnce(url: string, mode: Mode): Promise<void> {
  await withClient(url, async (client) => {
    const migrations = await client.query('SELECT count(*)::int AS n FROM migrations');
    expect(migrations.rows[0].n).toBe(MIGRATION_FILES + 1); // postgres-migrations records its own 0_create-migrations-table
    const info = await client.query('SELECT mode FROM storage_info');
    expect(info.rows).toEqual([{ mode }]);
  });
}

const tenantTables: Partial<Record<Mode, string[]>> = {};

describe('storage: TimescaleDB (PGlite)', () => {
  let server: TimescaleServer;
  let url: string;

  beforeAll(async () => {
    server = await startTimescale();
    url = server.url;
    await runMigrations(url);
    await runMigrations(url); // a second run finds everything applied
  });

  afterAll(async () => {
    await server?.close();
  });

  it('migrates once, in timescale mode', () => assertMigratedOnce(url, 'timescale'));

  it('makes ingested_values a compressed hypertable with 1m and 1h continuous aggregates', async () => {
    await withClient(url, async (client) => {
      const hypertables = await client.query(
        "SELECT hypertable_name, compression_enabled FROM timescaledb_information.hypertables WHERE hypertable_schema = 'public'",
      );
      expect(hypertables.rows).toEqual([{ hypertable_name: 'ingested_values', compression_enabled: true }]);

      const caggs = await client.query(
        "SELECT view_name, materialized_only FROM timescaledb_information.continuous_aggregates WHERE hypertable_name = 'ingested_values' ORDER BY view_name",
      );
      expect(caggs.rows).toEqual([
        { view_name: 'ingested_values_1h', materialized_only: false },
        { view_name: 'ingested_values_1m', materialized_only: false },
      ]);

      const jobs = await client.query(
        'SELECT proc_name, hypertable_name FROM timescaledb_information.jobs WHERE proc_name IN ($1, $2) ORDER BY 1, 2',
        ['policy_compression', 'policy_refresh_continuous_aggregate'],
      );
      const policies = jobs.rows.map((r) => r.proc_name);
      expect(policies.filter((p) => p === 'policy_compression')).toHaveLength(1);
      expect(policies.filter((p) => p === 'policy_refresh_continuous_aggregate')).toHaveLength(2);
      expect(jobs.rows.find((r) => r.proc_name === 'policy_compression')?.hypertable_name).toBe('ingested_values');
    });
  });

  it('forces RLS on every tenant table', async () => {
    tenantTables.timescale = await assertTenantTablesForceRls(url);
  });

  it('keeps the rollups equal to a GROUP BY over the raw points', () => assertRollupsMatchRaw(url, 'timescale'));

  it('buckets in UTC whatever the session time zone', () => assertRollupsMatchRaw(url, 'timescale', 'Asia/Kolkata'));
});

describe('storage: plain PostgreSQL', () => {
  const { ownerUrl } = testDatabase();

  beforeAll(async () => {
    await runMigrations(ownerUrl); // the global setup migrated already: this run must be a no-op
  });

  it('migrates once, in plain mode', () => assertMigratedOnce(ownerUrl, 'plain'));

  it('keeps ingested_values a plain table with rollup tables maintained by a statement trigger', async () => {
    await withClient(ownerUrl, async (client) => {
      const { rows } = await client.query(
        `SELECT relname, relkind FROM pg_class
         WHERE relnamespace = 'public'::regnamespace AND relname IN ('ingested_values', 'ingested_values_1m', 'ingested_values_1h')
         ORDER BY relname`,
      );
      expect(rows).toEqual([
        { relname: 'ingested_values', relkind: 'r' },
        { relname: 'ingested_values_1h', relkind: 'r' },
        { relname: 'ingested_values_1m', relkind: 'r' },
      ]);
      const trigger = await client.query(
        "SELECT 1 FROM pg_trigger WHERE tgrelid = 'public.ingested_values'::regclass AND tgname = 'ingested_values_rollup'",
      );
      expect(trigger.rowCount).toBe(1);
    });
  });

  it('forces RLS on every tenant table', async () => {
    tenantTables.plain = await assertTenantTablesForceRls(ownerUrl);
  });

  it('keeps the rollups equal to a GROUP BY over the raw points', () => assertRollupsMatchRaw(ownerUrl, 'plain'));

  it('buckets in UTC whatever the session time zone', () => assertRollupsMatchRaw(ownerUrl, 'plain', 'Asia/Kolkata'));
});

describe('storage: both engines', () => {
  it('protect the same tenant tables', () => {
    expect(tenantTables.timescale).toBeDefined();
    expect(tenantTables.plain).toEqual(tenantTables.timescale);
  });
});
