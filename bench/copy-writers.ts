import { finished } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { PointColumns } from '@taktwerk/db';

// The COPY-based ways of writing a batch, measured against insertPoints (bench/storage-methods.ts), and plain COPY,
// the baseline of every ingest figure. Only the bench uses them: insertPoints measured faster (docs/performance.md).

const PG_EPOCH_MS = Date.UTC(2000, 0, 1);
const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');

/** COPY's binary format: signature, flags, extension length, then per row a field count and each field as length + bytes. */
export function encodeCopyBinary(batch: PointColumns): Buffer {
  const n = batch.tags.length;
  let size = SIGNATURE.length + 8 + 2;
  for (let i = 0; i < n; i += 1) {
    size += 2 + 6 * 4 + 16 + Buffer.byteLength(batch.tags[i]!) + 8;
    if (batch.values[i] !== null) size += 8;
    if (batch.texts[i] !== null) size += Buffer.byteLength(batch.texts[i]!);
    if (batch.qualities[i] !== null) size += 2;
  }
  const out = Buffer.allocUnsafe(size);
  let at = SIGNATURE.copy(out, 0);
  at = out.writeInt32BE(0, at);
  at = out.writeInt32BE(0, at);
  let uuid = '';
  let uuidBytes = Buffer.alloc(16);
  for (let i = 0; i < n; i += 1) {
    at = out.writeInt16BE(6, at);
    if (batch.machineIds[i] !== uuid) {
      uuid = batch.machineIds[i]!;
      uuidBytes = Buffer.from(uuid.replace(/-/g, ''), 'hex');
    }
    at = out.writeInt32BE(16, at);
    at += uuidBytes.copy(out, at);
    const tagLength = out.write(batch.tags[i]!, at + 4, 'utf8');
    at = out.writeInt32BE(tagLength, at) + tagLength;
    const micros = (batch.timestamps[i]!.getTime() - PG_EPOCH_MS) * 1000;
    const high = Math.floor(micros / 2 ** 32);
    at = out.writeUInt32BE(micros - high * 2 ** 32, out.writeInt32BE(high, out.writeInt32BE(8, at)));
    const value = batch.values[i];
    at = value === null || value === undefined ? out.writeInt32BE(-1, at) : out.writeDoubleBE(value, out.writeInt32BE(8, at));
    const text = batch.texts[i];
    if (text === null || text === undefined) at = out.writeInt32BE(-1, at);
    else {
      const length = out.write(text, at + 4, 'utf8');
      at = out.writeInt32BE(length, at) + length;
    }
    const quality = batch.qualities[i];
    at = quality === null || quality === undefined ? out.writeInt32BE(-1, at) : out.writeInt16BE(quality, out.writeInt32BE(2, at));
  }
  at = out.writeInt16BE(-1, at);
  return out.subarray(0, at);
}

/** COPY's text format: backslash, tab, newline and carriage return escaped; \N is NULL. */
const escapeText = (s: string) => s.replace(/[\\\t\n\r]/g, (c) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[c]!);
const field = (v: string | number | null | undefined) => (v === null || v === undefined ? '\\N' : typeof v === 'string' ? escapeText(v) : String(v));

export function encodeCopyText(batch: PointColumns): Buffer {
  const lines: string[] = [];
  for (let i = 0; i < batch.tags.length; i += 1)
    lines.push(
      [batch.machineIds[i], field(batch.tags[i]), batch.timestamps[i]!.toISOString(), field(batch.values[i]), field(batch.texts[i]), field(batch.qualities[i])].join('\t'),
    );
  return Buffer.from(`${lines.join('\n')}\n`, 'utf8');
}

async function copyIn(db: pg.ClientBase, statement: string, payload: Buffer): Promise<number> {
  const stream = db.query(copyFrom(statement));
  stream.end(payload);
  await finished(stream);
  return stream.rowCount;
}

/** Plain binary COPY into ingested_values: no idempotency (a duplicate fails the batch). The baseline. */
export const copyDirect = (db: pg.ClientBase, batch: PointColumns) =>
  copyIn(db, 'COPY ingested_values (machine_id, tag, ts, value, value_text, quality) FROM STDIN (FORMAT binary)', encodeCopyBinary(batch));

// A temporary table per connection, emptied at each commit; then one INSERT … SELECT … ON CONFLICT DO NOTHING.
const STAGING = `CREATE TEMP TABLE IF NOT EXISTS ingest_staging (
  machine_id uuid, tag text, ts timestamptz, value float8, value_text text, quality int2) ON COMMIT DELETE ROWS`;
const FROM_STAGING = `INSERT INTO ingested_values (machine_id, tag, ts, value, value_text, quality)
  SELECT machine_id, tag, ts, value, value_text, quality FROM ingest_staging ON CONFLICT DO NOTHING`;

export async function copyTextThroughStaging(db: pg.ClientBase, batch: PointColumns): Promise<number> {
  await db.query(STAGING);
  await copyIn(db, 'COPY ingest_staging FROM STDIN', encodeCopyText(batch));
  return (await db.query(FROM_STAGING)).rowCount ?? 0;
}

export async function copyBinaryThroughStaging(db: pg.ClientBase, batch: PointColumns): Promise<number> {
  await db.query(STAGING);
  await copyIn(db, 'COPY ingest_staging FROM STDIN (FORMAT binary)', encodeCopyBinary(batch));
  return (await db.query(FROM_STAGING)).rowCount ?? 0;
}

/** What insertPoints did before the measurement: arrays as text parameters, ON CONFLICT DO NOTHING for every row. */
export async function unnestTextParameters(db: pg.ClientBase, batch: PointColumns): Promise<number> {
  const result = await db.query(
    `INSERT INTO ingested_values (machine_id, tag, ts, value, value_text, quality)
     SELECT * FROM unnest($1::uuid[], $2::text[], $3::timestamptz[], $4::float8[], $5::text[], $6::int2[])
     ON CONFLICT DO NOTHING`,
    [batch.machineIds, batch.tags, batch.timestamps, batch.values, batch.texts, batch.qualities],
  );
  return result.rowCount ?? 0;
}
