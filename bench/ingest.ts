import type { ApiProcess } from './api-process';
import { copyDirect } from './copy-writers';
import { countCpu, type CpuSplit } from './cpu';
import { closedLoop, IngestClient, openLoop, type LoadFigures } from './http-load';
import { MachineCursor, prepareBodies } from './points';
import { measureWriter, STEP_MS, TAGS_PER_MACHINE, type WriterFigures } from './storage-methods';
import { round } from './timing';

export interface IngestFigures {
  batchSize: number;
  copyBaseline: WriterFigures;
  /** Closed-loop runs at rising concurrency; the best sustained rate is the maximum. */
  search: ({ concurrency: number } & LoadFigures)[];
  maxPointsPerSecond: number;
  ratioToCopy: number;
  cpuAtMax: CpuSplit;
  /** Open loop at 70 % of the maximum. */
  at70: { batchesPerSecond: number } & LoadFigures;
}

export interface IngestOptions {
  batchSize: number;
  seconds: number;
  warmupSeconds: number;
  concurrencies: number[];
  /** Upper bound of points/s the prepared bodies must cover. */
  ceiling: number;
}

/** Fresh cursors for the tenant's machines, starting `daysBack` ago so every batch appends. */
export function cursorsFor(machines: string[], daysBack: number): MachineCursor[] {
  return machines.map((id) => new MachineCursor(id, Date.now() - daysBack * 86_400_000, TAGS_PER_MACHINE, STEP_MS));
}

/**
 * The ingest figures of one batch size: the COPY baseline over two connections, the highest rate the api sustains,
 * and its latency at 70 % of that rate.
 */
export async function measureIngest(api: ApiProcess, appUrl: string, apiKey: string, cursors: MachineCursor[], o: IngestOptions): Promise<IngestFigures> {
  const copyBaseline = await measureWriter(appUrl, copyDirect, { batchSize: o.batchSize, seconds: o.seconds, connections: 2 });
  const bodiesFor = (pointsPerSecond: number, seconds: number) => prepareBodies(cursors, o.batchSize, Math.ceil((pointsPerSecond * seconds) / o.batchSize) + 64);
  const search: IngestFigures['search'] = [];
  let cpuAtMax: CpuSplit = { api: null, loadGenerator: 0, rest: null };
  for (const concurrency of o.concurrencies) {
    const client = new IngestClient(api.baseUrl, apiKey, concurrency);
    const source = bodiesFor(o.ceiling, o.seconds + o.warmupSeconds);
    const cpu = countCpu(api.cpuMs);
    const figures = await closedLoop(client, source, { concurrency, seconds: o.seconds, warmupSeconds: o.warmupSeconds });
    const split = cpu(figures.storedInRun);
    client.close();
    search.push({ concurrency, ...figures });
    const best = Math.max(...search.filter((s) => s.failed === 0).map((s) => s.pointsPerSecond), 0);
    if (figures.failed === 0 && figures.pointsPerSecond === best) cpuAtMax = split;
  }
  const maxPointsPerSecond = Math.max(...search.filter((s) => s.failed === 0).map((s) => s.pointsPerSecond), 0);
  const batchesPerSecond = round((0.7 * maxPointsPerSecond) / o.batchSize, 2);
  const client = new IngestClient(api.baseUrl, apiKey, 256);
  const at70 = await openLoop(client, bodiesFor(0.7 * maxPointsPerSecond, o.seconds + o.warmupSeconds), {
    batchesPerSecond,
    seconds: o.seconds,
    warmupSeconds: o.warmupSeconds,
  });
  client.close();
  return {
    batchSize: o.batchSize,
    copyBaseline,
    search,
    maxPointsPerSecond,
    ratioToCopy: round(maxPointsPerSecond / copyBaseline.pointsPerSecond, 2),
    cpuAtMax,
    at70: { batchesPerSecond, ...at70 },
  };
}

