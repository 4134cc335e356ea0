// Test data for the retention job, shared by the plain PostgreSQL and the TimescaleDB test.
import { randomUUID } from 'node:crypto';
import { insertMachine, insertOrganization, insertPoints, withPlatform, type Pool, type Queryable } from '@taktwerk/db';
import { retentionCutoff } from './retention';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

export interface Point {
  machineId: string;
  tag: string;
  ts: Date;
  value: number;
}

export interface RetentionScenario {
  /** Two machines of an organization keeping 3 days, one of an organization keeping 10 days. */
  shortA: string;
  shortB: string;
  long: string;
  /** Points of a machine that no longer exists. */
  orphan: string;
  shortOrgId: string;
  longOrgId: string;
  points: Point[];
  shortCutoff: Date;
  longCutoff: Date;
}

/** 14 days of points every `stepMinutes` for two tags per machine, up to `now`. Values are exact in binary. */
export async function seedRetentionScenario(pool: Pool, now: Date, stepMinutes: number): Promise<RetentionScenario> {
  const orgs = await withPlatform(pool, async (db) => {
    const org = (name: string, retentionDays?: number) =>
      insertOrganization(db, { name, planId: null, billingStatus: 'active', trialEndsAt: null, usageLimits: retentionDays ? { retentionDays } : {} });
    const machine = async (orgId: string, name: string) => (await insertMachine(db, { orgId, name, description: null, location: null })).id;
    const short = await org('Keeps three days', 3);
    const long = await org('Keeps ten days', 10);
    await org('No machines', 5);
    return {
      shortOrgId: short.id,
      longOrgId: long.id,
      shortA: await machine(short.id, 'A'),
      shortB: await machine(short.id, 'B'),
      long: await machine(long.id, 'C'),
    };
  });
  const orphan = randomUUID();
  const points: Point[] = [];
  const step = stepMinutes * MINUTE_MS;
  const first = Math.ceil((now.getTime() - 14 * DAY_MS) / step) * step;
  for (const machineId of [orgs.shortA, orgs.shortB, orgs.long, orphan])
    for (let t = first, i = 0; t <= now.getTime(); t += step, i += 1)
      for (const tag of ['temp', 'power']) points.push({ machineId, tag, ts: new Date(t), value: ((i * 7) % 41) * 0.25 - 3 });
  await insertInChunks(pool, points);
  return { ...orgs, orphan, points, shortCutoff: retentionCutoff(now, 3), longCutoff: retentionCutoff(now, 10) };
}

async function insertInChunks(pool: Pool, points: Point[]): Promise<void> {
  // Small statements: PGlite's socket takes messages below 64 KB.
  for (let i = 0; i < points.length; i += 400) {
    const chunk = points.slice(i, i + 400);
    await withPlatform(pool, (db) =>
      insertPoints(db, {
        machineIds: chunk.map((p) => p.machineId),
        tags: chunk.map((p) => p.tag),
        timestamps: chunk.map((p) => p.ts),
        values: chunk.map((p) => p.value),
        texts: chunk.map(() => null),
        qualities: chunk.map(() => null),
      }),
    );
  }
}

/** How many stored points each machine has, and its oldest. */
export async function pointsByMachine(db: Queryable, machineIds: string[]): Promise<Record<string, { n: number; oldest: Date | null }>> {
  const { rows } = await db.query<{ machine_id: string; n: number; oldest: Date }>(
    'SELECT machine_id, count(*)::int AS n, min(ts) AS oldest FROM ingested_values WHERE machine_id = ANY ($1::uuid[]) GROUP BY 1',
    [machineIds],
  );
  return Object.fromEntries(machineIds.map((id) => {
    const row = rows.find((r) => r.machine_id === id);
    return [id, { n: row?.n ?? 0, oldest: row?.oldest ?? null }];
  }));
}

export const countSince = (points: Point[], machineId: string, since: Date) =>
  points.filter((p) => p.machineId === machineId && p.ts >= since).length;

/** Each rollup relation compared with a GROUP BY over the raw points of these machines: the rows that differ. */
export async function rollupDifferences(db: Queryable, machineIds: string[]): Promise<Record<string, unknown[]>> {
  const differences: Record<string, unknown[]> = {};
  for (const [relation, width] of [['ingested_values_1m', '1 minute'], ['ingested_values_1h', '1 hour']] as const) {
    const { rows } = await db.query(
      `WITH raw AS (
         SELECT machine_id, tag, date_bin($2::interval, ts, TIMESTAMPTZ '2000-01-03 00:00:00+00') AS bucket,
                min(value) AS min, max(value) AS max, sum(value) AS sum, count(value)::bigint AS count
           FROM ingested_values WHERE machine_id = ANY ($1::uuid[]) GROUP BY 1, 2, 3),
       rollup AS (SELECT machine_id, tag, bucket, min, max, sum, count::bigint AS count FROM ${relation} WHERE machine_id = ANY ($1::uuid[]))
       (SELECT 'only in raw' AS side, * FROM (SELECT * FROM raw EXCEPT ALL SELECT * FROM rollup) a)
       UNION ALL
       (SELECT 'only in rollup' AS side, * FROM (SELECT * FROM rollup EXCEPT ALL SELECT * FROM raw) b)
       LIMIT 5`,
      [machineIds, width],
    );
    differences[relation] = rows;
  }
  return differences;
}

export async function countRollupRows(db: Queryable, machineIds: string[]): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT ((SELECT count(*) FROM ingested_values_1m WHERE machine_id = ANY ($1::uuid[]))
           + (SELECT count(*) FROM ingested_values_1h WHERE machine_id = ANY ($1::uuid[])))::int AS n`,
    [machineIds],
  );
  return rows[0]!.n;
}
