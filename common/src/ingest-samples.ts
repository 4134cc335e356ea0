import { INGEST_PATH } from './constants';

/** The ingest URL of a deployment whose public base URL (origin, optionally with a path) is `base`. */
export function ingestUrlFor(base: string): string {
  return `${base.replace(/\/+$/, '')}${INGEST_PATH}`;
}

export interface IngestSampleInput {
  ingestUrl: string;
  /** The API key, or a placeholder the reader replaces. */
  apiKey: string;
  machineId: string;
  tag: string;
  /** Used where a sample cannot compute the time itself (curl). */
  timestamp: string;
}

/** Value sent by every sample: a plausible temperature reading. */
const SAMPLE_VALUE = 42.1;

export const authHeaderExample = (apiKey: string) => `Authorization: Bearer ${apiKey}`;

/** POSIX shell single-quoting: safe for any text. */
const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** The documented ingest body (spec part 1 §7): machineId, batchTimestamp, values of tag, timestamp, value. */
export function ingestSampleBody(input: Pick<IngestSampleInput, 'machineId' | 'tag' | 'timestamp'>) {
  return {
    machineId: input.machineId,
    batchTimestamp: input.timestamp,
    values: [{ tag: input.tag, timestamp: input.timestamp, value: SAMPLE_VALUE }],
  };
}

export function curlSample(input: IngestSampleInput): string {
  return [
    `curl -X POST ${shellQuote(input.ingestUrl)} \\`,
    `  -H ${shellQuote(authHeaderExample(input.apiKey))} \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d ${shellQuote(JSON.stringify(ingestSampleBody(input), null, 2))}`,
  ].join('\n');
}

// JSON string literals are valid JavaScript and Python string literals, so values are embedded with JSON.stringify.
const literal = (text: string) => JSON.stringify(text);

export function nodeSample(input: IngestSampleInput): string {
  return `// Node.js 18 or later (built-in fetch). Save as ingest.mjs and run: node ingest.mjs
const now = new Date().toISOString();
const response = await fetch(${literal(input.ingestUrl)}, {
  method: 'POST',
  headers: { Authorization: ${literal(`Bearer ${input.apiKey}`)}, 'Content-Type': 'application/json' },
  body: JSON.stringify({
    machineId: ${literal(input.machineId)},
    batchTimestamp: now,
    values: [{ tag: ${literal(input.tag)}, timestamp: now, value: ${SAMPLE_VALUE} }],
  }),
});
console.log(response.status, await response.text());
`;
}

export function pythonSample(input: IngestSampleInput): string {
  return `# Python 3, standard library only. Save as ingest.py and run: python3 ingest.py
import json
import urllib.error
import urllib.request
from datetime import datetime, timezone

now = datetime.now(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")
payload = {
    "machineId": ${literal(input.machineId)},
    "batchTimestamp": now,
    "values": [{"tag": ${literal(input.tag)}, "timestamp": now, "value": ${SAMPLE_VALUE}}],
}
request = urllib.request.Request(
    ${literal(input.ingestUrl)},
    data=json.dumps(payload).encode("utf-8"),
    headers={"Authorization": ${literal(`Bearer ${input.apiKey}`)}, "Content-Type": "application/json"},
    method="POST",
)
try:
    with urllib.request.urlopen(request, timeout=30) as response:
        print(response.status, response.read().decode("utf-8"))
except urllib.error.HTTPError as error:
    print(error.code, error.read().decode("utf-8"))
`;
}
