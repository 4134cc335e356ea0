import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ExplorerRawRow } from '@taktwerk/db';
import { CsvEncoder, csvField } from './csv';
import { parseCsv } from '../../../../testing/csv';

const encode = (series: { machineId: string; machineName: string; tag: string }[], rows: ExplorerRawRow[]) =>
  text(Readable.from(rows).pipe(new CsvEncoder(series)));

describe('CSV encoding', () => {
  it('quotes only fields with quotes, commas or line breaks, doubling quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField(42.5)).toBe('42.5');
    expect(csvField(null)).toBe('');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvField('=SUM(A1)')).toBe('=SUM(A1)');
  });

  it('writes the header and CRLF lines; empty fields for missing values and qualities', async () => {
    const csv = await encode([{ machineId: 'm', machineName: 'Press 1', tag: 'temp' }], [
      [0, '2026-01-01T00:00:00.000Z', 1.5, null, 192],
      [0, '2026-01-01T00:00:01.000Z', null, null, null],
    ]);
    expect(csv).toBe('machine,tag,time,value,quality\r\nPress 1,temp,2026-01-01T00:00:00.000Z,1.5,192\r\nPress 1,temp,2026-01-01T00:00:01.000Z,,\r\n');
    expect(await encode([], [])).toBe('machine,tag,time,value,quality\r\n');
  });

  it('round-trips any machine name, tag and text value through an RFC 4180 reader', async () => {
    const anyText = fc.string({ unit: fc.constantFrom('a', 'Z', ' ', ',', '"', '\r', '\n', '=', 'ä', '🙂'), maxLength: 12 });
    await fc.assert(
      fc.asyncProperty(anyText, anyText, fc.array(fc.oneof(anyText, fc.double({ noNaN: true, noDefaultInfinity: true })), { maxLength: 20 }), async (machine, tag, values) => {
        const rows: ExplorerRawRow[] = values.map((v) => [0, '2026-01-01T00:00:00.000Z', typeof v === 'number' ? v : null, typeof v === 'string' ? v : null, 7]);
        const records = parseCsv(await encode([{ machineId: 'm', machineName: machine, tag }], rows));
        expect(records[0]).toEqual(['machine', 'tag', 'time', 'value', 'quality']);
        expect(records.slice(1)).toEqual(values.map((v) => [machine, tag, '2026-01-01T00:00:00.000Z', String(v), '7']));
      }),
      { numRuns: 300 },
    );
  });

  it('sends large outputs in chunks, not one write per row', async () => {
    const rows: ExplorerRawRow[] = Array.from({ length: 20_000 }, (_, i) => [0, '2026-01-01T00:00:00.000Z', i, null, null]);
    const chunks: string[] = [];
    for await (const chunk of Readable.from(rows).pipe(new CsvEncoder([{ machineId: 'm', machineName: 'M', tag: 't' }]))) chunks.push(String(chunk));
    expect(chunks.length).toBeGreaterThan(5);
    expect(chunks.length).toBeLessThan(20);
    expect(parseCsv(chunks.join('')).length).toBe(20_001);
  });
});
