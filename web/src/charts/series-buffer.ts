import type uPlot from 'uplot';

const INITIAL_CAPACITY = 256;
/** Buckets of the series query start at TimescaleDB's time_bucket origin, 2000-01-03 UTC (db/src/repos/telemetry.ts). */
const BUCKET_ORIGIN_S = Date.UTC(2000, 0, 3) / 1000;

export interface SeedOptions {
  /** Width of the queried buckets in seconds; 0 for raw points. Live points then join the same buckets. */
  bucketSeconds?: number;
  /** How many points the newest bucket holds, so live points extend its average correctly. */
  lastCount?: number;
  /** Epoch seconds up to which the query saw every point: live points before it are already counted. */
  coveredUntil?: number;
}

/**
 * One chart line kept in growable typed arrays: appends are amortized O(1), trimming the oldest points only moves a
 * start index, and `data()` hands uPlot views of the arrays instead of copies. Holds at most `cap` points (the
 * oldest go first), so a chart left open on a busy tag never grows without bound.
 */
export class SeriesBuffer {
  private t: Float64Array;
  private v: Float64Array;
  private start = 0;
  private end = 0;
  private bucketSeconds = 0;
  private lastCount = 1;
  private coveredUntil = -Infinity;

  constructor(private readonly cap: number) {
    const capacity = Math.min(cap, INITIAL_CAPACITY);
    this.t = new Float64Array(capacity);
    this.v = new Float64Array(capacity);
  }

  get length(): number {
    return this.end - this.start;
  }

  /** Time of the newest point (epoch seconds), or undefined when empty. */
  lastTime(): number | undefined {
    return this.length > 0 ? this.t[this.end - 1] : undefined;
  }

  lastValue(): number | undefined {
    return this.length > 0 ? this.v[this.end - 1] : undefined;
  }

  /** Forgets every point (another machine, tag or range). */
  clear(): void {
    this.start = 0;
    this.end = 0;
    this.bucketSeconds = 0;
    this.lastCount = 1;
    this.coveredUntil = -Infinity;
  }

  /**
   * Replaces the contents with a queried series (ascending times), keeping buffered points newer than its last one:
   * live points that arrived while the query ran.
   */
  seed(times: ArrayLike<number>, values: ArrayLike<number | null>, options: SeedOptions = {}): void {
    const newerT: number[] = [];
    const newerV: number[] = [];
    const queriedUntil = times.length > 0 ? times[times.length - 1]! : -Infinity;
    for (let i = this.start; i < this.end; i++) {
      if (this.t[i]! > queriedUntil) {
        newerT.push(this.t[i]!);
        newerV.push(this.v[i]!);
      }
    }
    this.clear();
    this.append(times, values);
    this.bucketSeconds = options.bucketSeconds ?? 0;
    this.lastCount = options.lastCount ?? 1;
    this.coveredUntil = options.coveredUntil ?? -Infinity;
    this.append(newerT, newerV);
  }

  /**
   * Appends points in time order. A point the query already covered, or not newer than the last one, is already
   * shown (query and socket overlap) and is skipped, as is a value that is not a number (a text tag or a gap). With
   * buckets, a point in the newest bucket updates its average instead. Returns whether anything changed.
   */
  append(times: ArrayLike<number>, values: ArrayLike<number | string | null>): boolean {
    let last = this.lastTime() ?? -Infinity;
    let added = false;
    for (let i = 0; i < times.length; i++) {
      const value = values[i];
      if (times[i]! < this.coveredUntil || typeof value !== 'number' || !Number.isFinite(value)) continue;
      const time = this.bucketOf(times[i]!);
      if (time === last && this.bucketSeconds > 0) {
        const at = this.end - 1;
        this.v[at] = (this.v[at]! * this.lastCount + value) / (this.lastCount + 1);
        this.lastCount += 1;
        added = true;
        continue;
      }
      if (time <= last) continue;
      if (this.end === this.t.length) {
        if (this.length > this.cap) this.start = this.end - this.cap;
        this.makeRoom();
      }
      this.t[this.end] = time;
      this.v[this.end] = value;
      this.end += 1;
      this.lastCount = 1;
      last = time;
      added = true;
    }
    if (this.length > this.cap) this.start = this.end - this.cap;
    return added;
  }

  /** Drops the points older than `from` (epoch seconds): the window of a range moves on. */
  trimBefore(from: number): boolean {
    const before = this.start;
    while (this.start < this.end && this.t[this.start]! < from) this.start += 1;
    return this.start !== before;
  }

  /** The points as uPlot data: [times, values], views of the buffer valid until the next change. */
  data(): uPlot.AlignedData {
    return [this.t.subarray(this.start, this.end), this.v.subarray(this.start, this.end)];
  }

  private bucketOf(time: number): number {
    const width = this.bucketSeconds;
    return width > 0 ? BUCKET_ORIGIN_S + Math.floor((time - BUCKET_ORIGIN_S) / width) * width : time;
  }

  /** Compacts when at least half the array is trimmed space; otherwise doubles it (up to twice the cap). */
  private makeRoom(): void {
    const length = this.length;
    if (this.start >= this.t.length / 2) {
      this.t.copyWithin(0, this.start, this.end);
      this.v.copyWithin(0, this.start, this.end);
    } else {
      const capacity = Math.max(INITIAL_CAPACITY, Math.min(this.t.length * 2, this.cap * 2));
      const t = new Float64Array(capacity);
      const v = new Float64Array(capacity);
      t.set(this.t.subarray(this.start, this.end));
      v.set(this.v.subarray(this.start, this.end));
      this.t = t;
      this.v = v;
    }
    this.start = 0;
    this.end = length;
  }
}
