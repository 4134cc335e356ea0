/**
 * An RFC 4180 reader for tests (quoted fields, doubled quotes, commas and line breaks inside quotes, CRLF lines),
 * written independently of the encoder so a round trip through both can catch either one's mistake.
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i += 1;
    } else if (c === '"' || c === '\r' || c === '\n') throw new Error(`malformed CSV at ${i}: bare ${JSON.stringify(c)}`);
    else field += c;
  }
  if (quoted) throw new Error('malformed CSV: unterminated quote');
  if (field !== '' || record.length > 0) throw new Error('malformed CSV: last line without CRLF');
  return records;
}
