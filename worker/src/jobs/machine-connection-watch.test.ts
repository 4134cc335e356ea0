import { ONLINE_THRESHOLD_MS } from '@taktwerk/common';
import { createPool, insertMachine, watchMachineConnections, withPlatform, type Pool } from '@taktwerk/db';
import type { Job } from 'bullmq';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../../testing/context';
import { createTestOrganization } from '../../../testing/fixtures';
import { machineConnectionWatchJob } from './machine-connection-watch';
import { createProcessor } from './registry';

let pool: Pool;
beforeAll(() => {
  pool = createPool(testDatabase().appUrl, { max: 6 });
});
afterAll(async () => pool.end());

const MIN = 60_000;
const sql = <T extends object>(text: string, values: unknown[] = []) =>
  withPlatform(pool, async (db) => (await db.query<T & Record<string, unknown>>(text, values)).rows);

async function machine(lastData: number | null, status = 'offline') {
  const { org } = await createTestOrganization(pool);
  const row = await withPlatform(pool, (db) => insertMachine(db, { orgId: org.id, name: 'Lathe', description: null, location: null }));
  await sql('UPDATE machines SET last_data_received = $2, status = $3 WHERE id = $1', [row.id, lastData === null ? null : new Date(lastData), status]);
  return row.id;
}
const watchAt = (now: number) => withPlatform(pool, (db) => watchMachineConnections(db, new Date(now), ONLINE_THRESHOLD_MS));
const eventsOf = (id: string) => sql<{ state: string; at: Date }>('SELECT state, at FROM machine_connection_events WHERE machine_id = $1 ORDER BY at, id', [id]);
const statusOf = async (id: string) => (await sql<{ status: string }>('SELECT status FROM machines WHERE id = $1', [id]))[0]!.status;

// The watch sees every organization's machines, so its clock stays the real one (read afresh for each run, and
// passed in): time passes for the machine under test by moving its last data back, never by moving the clock
// ahead, which would turn other tests' machines offline.
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('machine connection watch', () => {
  it('records online when a machine is heard from, offline when it has been silent for over 5 minutes, each once', async () => {
    const t1 = Date.now();
    const id = await machine(t1 - 30_000, 'online');
    expect((await watchAt(t1)).filter((c) => c.machineId === id)).toEqual([expect.objectContaining({ state: 'online', at: new Date(t1) })]);
    expect((await watchAt(Date.now())).filter((c) => c.machineId === id)).toEqual([]);

    await tick();
    const t2 = Date.now();
    await sql('UPDATE machines SET last_data_received = $2 WHERE id = $1', [id, new Date(t2 - ONLINE_THRESHOLD_MS)]);
    expect((await watchAt(t2)).filter((c) => c.machineId === id)).toEqual([]);
    await sql('UPDATE machines SET last_data_received = $2 WHERE id = $1', [id, new Date(t2 - ONLINE_THRESHOLD_MS - 1)]);
    expect((await watchAt(t2)).filter((c) => c.machineId === id)).toEqual([expect.objectContaining({ state: 'offline', at: new Date(t2 - 1) })]);
    expect(await statusOf(id)).toBe('offline');
    expect((await watchAt(Date.now())).filter((c) => c.machineId === id)).toEqual([]);

    await tick();
    const t3 = Date.now();
    await sql('UPDATE machines SET last_heartbeat = $2 WHERE id = $1', [id, new Date(t3 - 1000)]);
    await watchAt(t3);
    expect(await statusOf(id)).toBe('online');
    expect((await eventsOf(id)).map((e) => [e.state, e.at.getTime()])).toEqual([
      ['online', t1],
      ['offline', t2 - 1],
      ['online', t3],
    ]);
  });

  it('leaves machines never heard from alone, and records a machine that went silent before the watch first saw it as offline', async () => {
    const now = Date.now();
    const never = await machine(null);
    const silent = await machine(now - 10 * MIN, 'online');
    const changes = await watchAt(now);
    expect(changes.filter((c) => c.machineId === never)).toEqual([]);
    expect(changes.filter((c) => c.machineId === silent)).toEqual([expect.objectContaining({ state: 'offline', at: new Date(now - 5 * MIN) })]);
    expect(await statusOf(never)).toBe('offline');
  });

  it('watchers running at once (two worker replicas) record each change once: they take turns', async () => {
    const now = Date.now();
    const ids = await Promise.all([machine(now - 10_000, 'online'), machine(now - 20 * MIN, 'online')]);
    await Promise.all(Array.from({ length: 6 }, () => watchAt(now)));
    expect((await eventsOf(ids[0])).map((e) => e.state)).toEqual(['online']);
    expect((await eventsOf(ids[1])).map((e) => e.state)).toEqual(['offline']);
  });

  it('runs as a job with an empty payload, refusing anything else', async () => {
    const id = await machine(Date.now() - 1000, 'offline');
    const perform = createProcessor({ pool, logger: pino({ level: 'silent' }) }, [machineConnectionWatchJob as never]);
    await perform({ name: machineConnectionWatchJob.name, data: {} } as Job);
    expect(await statusOf(id)).toBe('online');
    expect((await eventsOf(id)).map((e) => e.state)).toEqual(['online']);
    await expect(perform({ name: machineConnectionWatchJob.name, data: { now: 1 } } as Job)).rejects.toThrow(/invalid payload/);
  });
});
