import type { Queryable } from '../pool';

// Writing time-series points. ingested_values has no org_id and no RLS (SECURITY.md item 9): every caller must have
// checked that the machines belong to the caller's organization first.
//
// Measured on the 2-core reference machine (bench/storage-methods.ts, docs/performance.md): ON CONFLICT DO NOTHING
// costs PostgreSQL about as much again as the insert itself (a speculative insertion per row), parsing timestamps
// from text is the next largest cost, and the rollup trigger is small. So a batch goes as binary array parameters,
// and as a plain INSERT whenever no stored point can clash with it.

/** A batch in columns, one array per column (the shape unnest takes). */
export interface PointColumns {
  machineIds: string[];
  tags: string[];
  timestamps: Date[];
  values: (number | null)[];
  texts: (string | null)[];
  qualities: (number | null)[];
}

// node-pg sends a Buffer parameter in binary format: PostgreSQL reads each column with array_recv instead of parsing
// text, and Node only copies bytes.
const OID = { uuid: 2950, text: 25, timestamptz: 1184, float8: 701, int2: 21 } as const;
const PG_EPOCH_MS = Date.UTC(2000, 0, 1);

/** array_send's layout: ndim, has-nulls flag, element type, size and lower bound, then per element length + bytes. */
function binaryArray(oid: number, n: number, elementBytes: number, write: (out: Buffer, at: number, i: number) => number): Buffer {
  const out = Buffer.allocUnsafe(20 + n * 4 + elementBytes);
  let at = out.writeInt32BE(n === 0 ? 0 : 1, 0);
  at = out.writeInt32BE(0, at); // array_recv finds nulls by their length -1; the flag is not needed
  at = out.writeInt32BE(oid, at);
  if (n === 0) return out.subarray(0, at);
  at = out.writeInt32BE(n, at);
  at = out.writeInt32BE(1, at);
  for (let i = 0; i < n; i += 1) at = write(out, at, i);
  return out.subarray(0, at);
}

const present = <T>(v: T | null | undefined): v is T => v !== null && v !== undefined;
const bytesOf = <T>(column: (T | null)[], size: (v: T) => number) => column.reduce<number>((sum, v) => sum + (present(v) ? size(v) : 0), 0);

function uuidArray(ids: string[]): Buffer {
  let last = '';
  let bytes = Buffer.alloc(16);
  return binaryArray(OID.uuid, ids.length, ids.length * 16, (out, at, i) => {
    if (ids[i] !== last) {
      last = ids[i]!;
      bytes = Buffer.from(last.replace(/-/g, ''), 'hex');
      if (bytes.length !== 16) throw new Error(`not a uuid: ${last}`);
    }
    bytes.copy(out, out.writeInt32BE(16, at));
    return at + 20;
  });
}

function textArray(texts: (string | null)[]): Buffer {
  return binaryArray(OID.text, texts.length, bytesOf(texts, (s) => Buffer.byteLength(s)), (out, at, i) => {
    const s = texts[i];
    if (!present(s)) return out.writeInt32BE(-1, at);
    const length = out.write(s, at + 4, 'utf8');
    return out.writeInt32BE(length, at) + length;
  });
}

function timestamptzArray(timestamps: Date[]): Buffer {
  return binaryArray(OID.timestamptz, timestamps.length, timestamps.length * 8, (out, at, i) => {
    // Microseconds since 2000-01-01 as int64, written as two 32-bit halves (exact below 2^53).
    const micros = (timestamps[i]!.getTime() - PG_EPOCH_MS) * 1000;
    const high = Math.floor(micros / 2 ** 32);
    return out.writeUInt32BE(micros - high * 2 ** 32, out.writeInt32BE(high, out.writeInt32BE(8, at)));
  });
}

function float8Array(values: (number | null)[]): Buffer {
  return binaryArray(OID.float8, values.length, bytesOf(values, () => 8), (out, at, i) => {
    const v = values[i];
    return present(v) ? out.writeDoubleBE(v, out.writeInt32BE(8, at)) : out.writeInt32BE(-1, at);
  });
}

function int2Array(values: (number | null)[]): Buffer {
  return binaryArray(OID.int2, values.length, bytesOf(values, () => 2), (out, at, i) => {
    const v = values[i];
    return present(v) ? out.writeInt16BE(v, out.writeInt32BE(2, at)) : out.writeInt32BE(-1, at);
  });
}

/** The six columns as binary array parameters $1…$6, in table order. */
export function binaryColumns(batch: PointColumns): Buffer[] {
  return [
    uuidArray(batch.machineIds),
    textArray(batch.tags),
    timestamptzArray(batch.timestamps),
    float8Array(batch.values),
    textArray(batch.texts),
    int2Array(batch.qualities),
  ];
}

const COLUMNS = '(machine_id, tag, ts, value, value_text, quality)';
const UNNEST = 'unnest($1::uuid[], $2::text[], $3::timestamptz[], $4::float8[], $5::text[], $6::int2[])';

/** The safe way for any batch: a speculative insertion per row skips what is stored already. */
export async function insertPointsOnConflict(db: Queryable, batch: PointColumns): Promise<number> {
  if (batch.tags.length === 0) return 0;
  const result = await db.query(`INSERT INTO ingested_values ${COLUMNS} SELECT * FROM ${UNNEST} ON CONFLICT DO NOTHING`, binaryColumns(batch));
  return result.rowCount ?? 0;
}

interface SeriesRange {
  machineId: string;
  tag: string;
  from: number;
  to: number;
}

/** Per series (machine, tag) the time range a batch covers; null when a series' timestamps do not strictly rise. */
function risingRanges(batch: PointColumns): SeriesRange[] | null {
  const machines = new Map<string, Map<string, SeriesRange>>();
  const all: SeriesRange[] = [];
  for (let i = 0; i < batch.tags.length; i += 1) {
    const machineId = batch.machineIds[i]!;
    const tag = batch.tags[i]!;
    const ts = batch.timestamps[i]!.getTime();
    let tags = machines.get(machineId);
    if (!tags) machines.set(machineId, (tags = new Map()));
    const range = tags.get(tag);
    if (!range) {
      const created = { machineId, tag, from: ts, to: ts };
      tags.set(tag, created);
      all.push(created);
    } else if (ts > range.to) range.to = ts;
    else return null;
  }
  return all;
}

/**
 * Inserts a batch idempotently; returns how many points were new (the rest were already stored, or repeated within
 * the batch).
 *
 * Agents append: their new points lie after everything stored for the series. Then a plain INSERT does, guarded in
 * the same statement by one index probe per series ("is anything stored within the batch's time range?"). When
 * something is (a resent batch, a backfill into stored data), the statement inserts nothing and the batch goes
 * through ON CONFLICT DO NOTHING instead.
 *
 * A concurrent transaction writing the same new points of the same series at the same moment is invisible to the
 * guard; the plain INSERT then fails with unique_violation (23505) once that transaction commits. The caller retries
 * its transaction: the retry sees the committed points and takes the ON CONFLICT path.
 */
export async function insertPoints(db: Queryable, batch: PointColumns): Promise<number> {
  if (batch.tags.length === 0) return 0;
  // Agents send each series in time order; then no point repeats within the batch and the ranges are known in one
  // pass. Anything else (unordered or repeated points) takes the ON CONFLICT path: within one statement it keeps the
  // first of repeated points.
  const ranges = risingRanges(batch);
  if (!ranges) return insertPointsOnConflict(db, batch);
  const guarded = await db.query(
    `INSERT INTO ingested_values ${COLUMNS}
     SELECT * FROM ${UNNEST}
      WHERE NOT EXISTS (
        SELECT 1 FROM unnest($7::uuid[], $8::text[], $9::timestamptz[], $10::timestamptz[]) AS r (machine_id, tag, lo, hi)
         WHERE EXISTS (SELECT 1 FROM ingested_values v WHERE v.machine_id = r.machine_id AND v.tag = r.tag AND v.ts BETWEEN r.lo AND r.hi))`,
    [
      ...binaryColumns(batch),
      uuidArray(ranges.map((r) => r.machineId)),
      textArray(ranges.map((r) => r.tag)),
      timestamptzArray(ranges.map((r) => new Date(r.from))),
      timestamptzArray(ranges.map((r) => new Date(r.to))),
    ],
  );
  if ((guarded.rowCount ?? 0) > 0) return guarded.rowCount!;
  return insertPointsOnConflict(db, batch);
}
