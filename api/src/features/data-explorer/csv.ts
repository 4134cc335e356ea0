import { Transform, type TransformCallback } from 'node:stream';
import { EXPLORER_CSV_HEADER } from '@taktwerk/common';
import type { ExplorerRawRow, ExplorerSeries } from '@taktwerk/db';

const CRLF = '\r\n';
// Rows are gathered into chunks of about this many characters: one socket write per chunk, not per row.
const CHUNK_CHARS = 64 * 1024;

/**
 * One CSV field (RFC 4180): quoted when it holds a quote, comma or line break, quotes doubled. Values are written
 * as stored: neither the spec nor SECURITY.md asks for spreadsheet formula neutralisation, and it would alter data.
 */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Turns an object stream of explorer rows into CSV text: header `machine,tag,time,value,quality`, CRLF lines. */
export class CsvEncoder extends Transform {
  private pending = EXPLORER_CSV_HEADER + CRLF;
  /** machine and tag of each series, escaped once instead of once per row. */
  private readonly prefixes: string[];
  rows = 0;

  constructor(series: readonly ExplorerSeries[]) {
    super({ writableObjectMode: true });
    this.prefixes = series.map((s) => `${csvField(s.machineName)},${csvField(s.tag)},`);
  }

  override _transform(row: ExplorerRawRow, _encoding: BufferEncoding, done: TransformCallback): void {
    const [n, time, value, text, quality] = row;
    this.pending += `${this.prefixes[n]}${time},${csvField(value ?? text)},${quality ?? ''}${CRLF}`;
    this.rows += 1;
    if (this.pending.length >= CHUNK_CHARS) {
      this.push(this.pending);
      this.pending = '';
    }
    done();
  }

  override _flush(done: TransformCallback): void {
    if (this.pending !== '') this.push(this.pending);
    this.pending = '';
    done();
  }
}
