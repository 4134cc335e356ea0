// insertPoints stores each (machine, tag, ts) once and counts only new points, whichever of its two paths a batch
// takes (plain insert for appended points, ON CONFLICT for anything overlapping stored data), on both engines.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPoints, runMigrations, type PointColumns } from '@taktwerk/db';
import { testDatabase } from '../../testing/context';
import { startTimescale, type TimescaleServer } from '../../testing/timescale';

const BASE = Date.parse('2026-03-02T08:00:00Z');

interface Point {
  machine: number;
  tag: number;
  second: number;
  value: number;
}

// A small key space, so batches overlap each other, stored data and themselves often.
const point = fc.record({ machine: fc.nat(1), tag: fc.nat(2), second: fc.nat(40), value: fc.integer({ min: -1000, max: 1000 }) });
/** As an agent sends it (each series in rising time, which takes the plain-insert path) or in any order with repeats. */
const batch = fc.tuple(fc.array(point, { minLength: 1, maxLength: 60 }), fc.boolean()).map(([points, inOrder]) => {
  if (!inOrder) return points;
  const seen = new Set<string>();
  return [...points]
    .sort((a, b) => a.second - b.second)
    .filter((p) => {
      const key = `${p.machine}/${p.tag}/${p.second}`;
      return !seen.has(key) && seen.add(key);
    });
});
const batches = fc.array(batch, { minLength: 1, maxLength: 5 });

function columns(machines: string[], points: Point[]): PointColumns {
  return {
    machineIds: points.map((p) => machines[p.machine]!),
    tags: points.map((p) => `tag.${p.tag}`),
    timestamps: points.map((p) => new Date(BASE + p.second * 1000)),
    values: points.map((p) => p.value),
    texts: points.map((p) => (p.tag === 2 ? `text ${p.value}` : null)),
    qualities: points.map((p) => (p.value % 2 === 0 ? 192 : null)),
  };
}

function suite(mode: 'plain' | 'timescale', connect: () => Promise<pg.Client>) {
  let client: pg.Client;
  beforeAll(async () => {
    client = await connect();
  });
  afterAll(async () => client?.end());

  it(`${mode}: any sequence of batches stores each point once, keeps the first value, and counts only new points`, async () => {
    await fc.assert(
      fc.asyncProperty(batches, async (sequence) => {
        const machines = [randomUUID(), randomUUID()];
        const model = new Map<string, Point>();
        for (const batch of sequence) {
          let fresh = 0;
          for (const p of batch) {
            const key = `${p.machine}/${p.tag}/${p.second}`;
            if (!model.has(key)) {
              model.set(key, p);
              fresh += 1;
            }
          }
          expect(await insertPoints(client, columns(machines, batch))).toBe(fresh);
        }
        const { rows } = await client.query(
          `SELECT machine_id, tag, extract(epoch FROM ts)::float8 AS t, value, value_text, quality FROM ingested_values
            WHERE machine_id = ANY($1::uuid[]) ORDER BY machine_id, tag, ts`,
          [machines],
        );
        const expected = columns(machines, [...model.values()]);
        const want = expected.tags
          .map((tag, i) => ({
            machine_id: expected.machineIds[i],
            tag,
            t: expected.timestamps[i]!.getTime() / 1000,
            value: expected.values[i],
            value_text: expected.texts[i],
            quality: expected.qualities[i],
          }))
          .sort((a, b) => (a.machine_id! < b.machine_id! ? -1 : a.machine_id! > b.machine_id! ? 1 : a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : a.t - b.t));
        expect(rows).toEqual(want);
      }),
      { numRuns: mode === 'plain' ? 60 : 25, seed: 11 },
    );
  });
}

describe('insertPoints on plain PostgreSQL', () => {
  const owner = async () => {
    const client = new pg.Client({ connectionString: testDatabase().ownerUrl });
    await client.connect();
    return client;
  };
  suite('plain', owner);

  it('plain: a concurrent writer of the same new points makes the later one fail with 23505; its retry stores nothing twice', async () => {
    const [a, b] = [await owner(), await owner()];
    try {
      const batch = columns([randomUUID(), randomUUID()], [
        { machine: 0, tag: 0, second: 1, value: 1 },
        { machine: 0, tag: 0, second: 2, value: 2 },
      ]);
      const bPid = (await b.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
      await a.query('BEGIN');
      await b.query('BEGIN');
      expect(await insertPoints(a, batch)).toBe(2);
      // b cannot see a's uncommitted points, takes the plain path and waits on the unique index for a's outcome.
      const blocked = insertPoints(b, batch).then(
        () => null,
        (e: { code?: string }) => e.code,
      );
      for (let i = 0; i < 100; i += 1) {
        const { rows } = await a.query("SELECT 1 FROM pg_stat_activity WHERE pid = $1 AND wait_event_type = 'Lock'", [bPid]);
        if (rows.length > 0) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      await a.query('COMMIT');
      expect(await blocked).toBe('23505');
      await b.query('ROLLBACK');
      await b.query('BEGIN');
      expect(await insertPoints(b, batch)).toBe(0);
      await b.query('COMMIT');
    } finally {
      await Promise.allSettled([a.end(), b.end()]);
    }
  });
});

describe('insertPoints on TimescaleDB', () => {
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
