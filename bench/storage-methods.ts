import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { insertPoints, insertPointsOnConflict, type PointColumns } from '@taktwerk/db';
import { copyBinaryThroughStaging, copyDirect, copyTextThroughStaging, unnestTextParameters } from './copy-writers';
import { createBenchDatabase, type BenchDatabase } from './database';
import { MachineCursor, toColumns } from './points';
import { round, throughput } from './timing';

type Writer = (db: pg.ClientBase, batch: PointColumns) => Promise<number>;

/** Agents in the bench sample 50 tags every 100 ms: a 5,000-point batch covers 10 s of one machine. */
export const TAGS_PER_MACHINE = 50;
export const STEP_MS = 100;

interface Method {
  name: string;
  /** 'runtime': the api's role; 'superuser': only to switch the rollup trigger off for the analysis row. */
  role: 'runtime' | 'superuser';
  write: Writer;
  setup?: string;
}

export const STORAGE_METHODS: Method[] = [
  { name: 'COPY binary into the table (baseline; not idempotent)', role: 'runtime', write: copyDirect },
  { name: 'unnest, text array parameters, ON CONFLICT DO NOTHING (before)', role: 'runtime', write: unnestTextParameters },
  { name: 'COPY text → temp staging table → INSERT … ON CONFLICT DO NOTHING', role: 'runtime', write: copyTextThroughStaging },
  { name: 'COPY binary → temp staging table → INSERT … ON CONFLICT DO NOTHING', role: 'runtime', write: copyBinaryThroughStaging },
  { name: 'unnest, binary array parameters, ON CONFLICT DO NOTHING', role: 'runtime', write: insertPointsOnConflict },
  { name: 'insertPoints: binary arrays, guarded plain INSERT (chosen)', role: 'runtime', write: insertPoints },
  {
    name: 'insertPoints with the rollup trigger switched off (what the rollups cost)',
    role: 'superuser',
    write: insertPoints,
    setup: "SET session_replication_role = 'replica'",
  },
];

/** CPU milliseconds a process has used (user + system), from /proc; null where /proc is not readable. */
export function processCpuMs(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // clock ticks at USER_HZ = 100
  } catch {
    return null;
  }
}

export interface WriterFigures {
  pointsPerSecond: number;
  /** CPU per stored point: the PostgreSQL backends doing the writes, and this Node process encoding the batches. */
  cpuMicrosPerPoint: { postgres: number | null; node: number };
}

/** Points/s of `write` over `connections` connections, one batch per transaction, each committed durably. */
export async function measureWriter(url: string, write: Writer, options: { batchSize: number; seconds: number; connections: number; setup?: string }): Promise<WriterFigures> {
  const clients = Array.from({ length: options.connections }, () => new pg.Client({ connectionString: url }));
  await Promise.all(clients.map((c) => c.connect()));
  try {
    // Each connection writes its own machine, a day back, so runs never collide with each other's points.
    const cursors = clients.map(() => new MachineCursor(randomUUID(), Date.now() - 86_400_000, TAGS_PER_MACHINE, STEP_MS));
    const pids: number[] = [];
    for (const client of clients) {
      await client.query('SET synchronous_commit = on');
      if (options.setup) await client.query(options.setup);
      pids.push((await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid);
    }
    // Batches are made before the clock starts: the figure is the writing, not the generating.
    const perLoop = Math.ceil((200_000 * options.seconds) / options.batchSize / options.connections) + 1;
    const batches = cursors.map((c) => Array.from({ length: perLoop }, () => toColumns(c.machineId, c.next(options.batchSize))));
    const postgresBefore = pids.map(processCpuMs);
    const nodeBefore = process.cpuUsage();
    let stored = 0;
    const pointsPerSecond = await throughput(options.connections, options.seconds, async (loop) => {
      const batch = batches[loop]!.pop();
      if (!batch) return 0;
      const client = clients[loop]!;
      await client.query('BEGIN');
      const n = await write(client, batch);
      await client.query('COMMIT');
      if (n !== batch.tags.length) throw new Error(`expected ${batch.tags.length} new rows, got ${n}`);
      stored += n;
      return n;
    });
    const node = process.cpuUsage(nodeBefore);
    const postgresAfter = pids.map(processCpuMs);
    const postgresMs = postgresBefore.every((v) => v !== null) && postgresAfter.every((v) => v !== null)
      ? postgresAfter.reduce((sum, v, i) => sum + v! - postgresBefore[i]!, 0)
      : null;
    return {
      pointsPerSecond: round(pointsPerSecond),
      cpuMicrosPerPoint: {
        postgres: postgresMs === null ? null : round((postgresMs * 1000) / stored, 2),
        node: round((node.user + node.system) / stored, 2),
      },
    };
  } finally {
    await Promise.allSettled(clients.map((c) => c.end()));
  }
}

/** Every idempotent method must store a batch once and report 0 new rows when it comes again. */
async function checkIdempotent(url: string, write: Writer): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const cursor = new MachineCursor(randomUUID(), Date.now() - 2 * 86_400_000, TAGS_PER_MACHINE, STEP_MS);
    const batch = toColumns(cursor.machineId, cursor.next(500));
    for (const expected of [500, 0]) {
      await client.query('BEGIN');
      const stored = await write(client, batch);
      await client.query('COMMIT');
      if (stored !== expected) throw new Error(`idempotency check: expected ${expected}, got ${stored}`);
    }
  } finally {
    await client.end();
  }
}

export interface StorageFigures {
  batchSize: number;
  connections: number;
  seconds: number;
  methods: ({ name: string } & WriterFigures)[];
}

/**
 * Each method for each batch size, over two connections, in two interleaved rounds so table growth favours none;
 * the better round counts.
 */
export async function measureStorageMethods(db: BenchDatabase, options: { seconds: number; batchSizes: number[] }): Promise<StorageFigures[]> {
  const superuser = new URL(db.adminUrl);
  superuser.pathname = `/${db.database}`;
  const urlOf = (m: Method) => (m.role === 'runtime' ? db.appUrl : superuser.toString());
  for (const method of STORAGE_METHODS.slice(1)) await checkIdempotent(urlOf(method), method.write);
  const figures: StorageFigures[] = [];
  for (const batchSize of options.batchSizes) {
    const best = new Map<string, WriterFigures>();
    for (let pass = 0; pass < 2; pass += 1)
      for (const method of STORAGE_METHODS) {
        const measured = await measureWriter(urlOf(method), method.write, { batchSize, seconds: options.seconds, connections: 2, setup: method.setup });
        const previous = best.get(method.name);
        if (!previous || measured.pointsPerSecond > previous.pointsPerSecond) best.set(method.name, measured);
      }
    figures.push({ batchSize, connections: 2, seconds: options.seconds, methods: [...best].map(([name, f]) => ({ name, ...f })) });
  }
  return figures;
}

// Standalone: `npx tsx bench/storage-methods.ts [seconds]` measures on a throwaway database and prints the figures.
if (import.meta.url === `file://${process.argv[1]}`) {
  const seconds = Number(process.argv[2] ?? 5);
  const db = await createBenchDatabase();
  try {
    console.log(JSON.stringify(await measureStorageMethods(db, { seconds, batchSizes: [5000, 500] }), null, 2));
  } finally {
    await db.drop();
  }
}
