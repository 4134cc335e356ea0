// The demo simulator against the real api: a freshly seeded demo organization, the real ingest endpoint, and an
// api outage in the middle (a loopback relay in front of the api is stopped and started again).
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { createPool, listApiKeys, seedDemo, withPlatform, type Pool } from '@taktwerk/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../testing/api-server';
import { createScratchDatabase, type ScratchDatabase } from '../testing/scratch-database';
import { startDemoSimulator } from './simulator';
import { SIMULATOR_KEY_LABEL, prepareDemoSimulation, type DemoSimulation } from './simulator-setup';

const INTERVAL_MS = 200;
const OUTAGE_MS = 3000;

let scratch: ScratchDatabase;
let pool: Pool;
let api: TestApi;

beforeAll(async () => {
  scratch = await createScratchDatabase('taktwerk_simulator');
  pool = createPool(scratch.appUrl, { max: 2 });
  expect(await seedDemo(pool)).toEqual({ seeded: true });
  api = await startTestApi({ DATABASE_URL: scratch.appUrl });
});

afterAll(async () => {
  await api?.close();
  await pool?.end();
  await scratch?.drop();
});

/** A TCP relay on a fixed loopback port in front of the api: stopping it looks to the simulator like an api restart. */
function relay(targetPort: number) {
  let server: Server | null = null;
  const sockets = new Set<Socket>();
  let port = 0;
  return {
    get port() {
      return port;
    },
    async start() {
      server = createServer((client) => {
        const upstream = connect(targetPort, '127.0.0.1');
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => [client, upstream].forEach((s) => s.destroy()));
        }
        client.pipe(upstream).pipe(client);
      });
      await new Promise<void>((resolve, reject) => {
        server!.once('error', reject);
        server!.listen(port, '127.0.0.1', () => resolve());
      });
      port = (server.address() as AddressInfo).port;
    },
    async stop() {
      if (!server?.listening) return;
      const closed = new Promise<void>((resolve) => server!.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}

async function storedPoints(machineIds: string[]) {
  const { rows } = await withPlatform(pool, (db) =>
    db.query<{ machine_id: string; tag: string; ts: Date; value: number | null }>(
      'SELECT machine_id, tag, ts, value FROM ingested_values WHERE machine_id = ANY ($1::uuid[]) ORDER BY ts',
      [machineIds],
    ),
  );
  return rows;
}

describe('demo simulator', () => {
  let simulation: DemoSimulation;

  it('rotates its own ingest key: one simulator key however often it starts', async () => {
    await prepareDemoSimulation(pool);
    simulation = (await prepareDemoSimulation(pool))!;
    expect(simulation.machines.map((m) => m.tags.length)).toEqual([3, 2, 2]);
    const keys = await withPlatform(pool, (db) => listApiKeys(db, simulation.orgId));
    expect(keys.filter((k) => k.label === SIMULATOR_KEY_LABEL)).toMatchObject([{ scopes: ['ingest:write'], key_preview: simulation.apiKeyPreview }]);
  });

  it('pushes values for every demo machine tag through the real ingest endpoint, none rejected, and rides out an api outage', async () => {
    const gate = relay(Number(new URL(api.baseUrl).port));
    await gate.start();
    const lines: string[] = [];
    const simulator = startDemoSimulator({
      baseUrl: `http://127.0.0.1:${gate.port}`,
      simulation,
      intervalMs: INTERVAL_MS,
      log: (line) => lines.push(line),
    });
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    try {
      await sleep(1500);
      await gate.stop();
      await sleep(OUTAGE_MS);
      await gate.start();
      // The backoff decides when the simulator tries again; then a little more steady sending.
      for (let waited = 0; !lines.some((l) => /sending resumed/.test(l)) && waited < 15_000; waited += 100) await sleep(100);
      await sleep(1000);
    } finally {
      await simulator.stop();
      await gate.stop();
    }

    expect(simulator.stats.rejected).toBe(0);
    expect(simulator.stats.failures).toBeGreaterThan(0);
    const machineIds = simulation.machines.map((m) => m.id);
    const points = await storedPoints(machineIds);
    // A batch committed while its answer was lost (relay cut, or the stop) is stored without being counted.
    expect(points.length).toBeGreaterThanOrEqual(simulator.stats.accepted);
    for (const machine of simulation.machines)
      for (const tag of machine.tags) {
        const series = points.filter((p) => p.machine_id === machine.id && p.tag === tag.alias);
        expect(series.length, `${machine.name} ${tag.alias}`).toBeGreaterThan(10);
        if (tag.dataType === 'Boolean') expect(series.every((p) => p.value === 0 || p.value === 1)).toBe(true);
        if (tag.dataType === 'Int32') expect(series.every((p) => Number.isInteger(p.value))).toBe(true);
        // Sampling went on during the outage and the buffer was delivered afterwards: no hole as long as the
        // outage (half of it leaves room for timers that slip on a busy machine).
        const gaps = series.slice(1).map((p, i) => p.ts.getTime() - series[i]!.ts.getTime());
        expect(Math.max(...gaps)).toBeLessThan(OUTAGE_MS / 2);
      }
    expect(lines.some((l) => /retrying with backoff/.test(l))).toBe(true);
    expect(lines.some((l) => /sending resumed/.test(l))).toBe(true);
    expect(lines.join('\n')).not.toContain(simulation.apiKey);
  });
});
