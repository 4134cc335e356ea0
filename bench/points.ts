import type { PointColumns } from '@taktwerk/db';

/**
 * Synthetic agent data for one machine: `tagCount` tags sampled together every `stepMs`, so a batch of n points
 * covers n / tagCount instants. Each cursor moves forward only: no two batches share a (machine, tag, ts).
 */
export class MachineCursor {
  private instant = 0;
  readonly tagNames: string[];

  constructor(
    readonly machineId: string,
    private readonly startMs: number,
    tagCount: number,
    private readonly stepMs: number,
  ) {
    this.tagNames = Array.from({ length: tagCount }, (_, i) => `sensor.${String(i).padStart(3, '0')}`);
  }

  /** The next n points, instant by instant (n rounded up to whole instants). */
  next(n: number): { tag: string; ts: number; value: number }[] {
    const points: { tag: string; ts: number; value: number }[] = [];
    while (points.length < n) {
      const ts = this.startMs + this.instant * this.stepMs;
      for (let t = 0; t < this.tagNames.length && points.length < n; t += 1)
        points.push({ tag: this.tagNames[t]!, ts, value: Math.round((Math.sin(this.instant / 50 + t) * 100 + t) * 1000) / 1000 });
      this.instant += 1;
    }
    return points;
  }

  /** Where the cursor stands: the timestamp of the next instant. */
  get nowMs(): number {
    return this.startMs + this.instant * this.stepMs;
  }
}

export function toColumns(machineId: string, points: { tag: string; ts: number; value: number }[]): PointColumns {
  return {
    machineIds: points.map(() => machineId),
    tags: points.map((p) => p.tag),
    timestamps: points.map((p) => new Date(p.ts)),
    values: points.map((p) => p.value),
    texts: points.map(() => null),
    qualities: points.map(() => null),
  };
}

/** The ingest API's body for the same points (epoch-millisecond timestamps, as agents send them). */
export function toIngestBody(machineId: string, points: { tag: string; ts: number; value: number }[]): string {
  return JSON.stringify({ machineId, values: points.map((p) => ({ tag: p.tag, timestamp: p.ts, value: p.value })) });
}

/** `count` ingest bodies made now, handed out in order, taking the machines in turn. */
export function prepareBodies(cursors: MachineCursor[], batchSize: number, count: number): { next(): Buffer | undefined; pointsPerBody: number } {
  const bodies: Buffer[] = [];
  for (let k = 0; k < count; k += 1) {
    const cursor = cursors[k % cursors.length]!;
    bodies.push(Buffer.from(toIngestBody(cursor.machineId, cursor.next(batchSize))));
  }
  let taken = 0;
  return {
    pointsPerBody: batchSize,
    next: () => {
      const body = bodies[taken];
      if (body) bodies[taken] = undefined as unknown as Buffer; // let it go once sent
      taken += 1;
      return body;
    },
  };
}
