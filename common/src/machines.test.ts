import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { agentConnectionStatus } from './domain';
import { curlSample, ingestUrlFor } from './ingest-samples';
import { machineLimitOf, readConfiguredLimit } from './usage';

describe('machine limit', () => {
  it('allows none when the limit is 0, unset or negative (spec part 1 §5), and reads the alternative spellings', () => {
    expect(machineLimitOf({ machines: 3 })).toBe(3);
    expect(machineLimitOf({ machineLimit: 2 })).toBe(2);
    expect(machineLimitOf({ machines: 0 })).toBe(0);
    expect(machineLimitOf({})).toBe(0);
    expect(machineLimitOf(null)).toBe(0);
    expect(machineLimitOf({ machines: -1 })).toBe(0);
    expect(readConfiguredLimit({ tags: 'many' }, 'tags')).toBeNull();
  });
});

describe('agent connection status', () => {
  it('maps online to connected, error to error and anything else to disconnected (spec part 2 §4)', () => {
    expect(agentConnectionStatus('online')).toBe('connected');
    expect(agentConnectionStatus('error')).toBe('error');
    expect(agentConnectionStatus('offline')).toBe('disconnected');
    expect(agentConnectionStatus('connecting')).toBe('disconnected');
  });
});

describe('ingest samples', () => {
  it('builds the ingest URL from a base with or without a trailing slash or path', () => {
    expect(ingestUrlFor('https://iot.example.com/')).toBe('https://iot.example.com/api/v1/ingest');
    expect(ingestUrlFor('https://example.com/taktwerk')).toBe('https://example.com/taktwerk/api/v1/ingest');
  });

  it('quotes every value of the curl sample for the shell, even with quotes in it', () => {
    const sample = curlSample({ ingestUrl: "https://x.test/it's", apiKey: 'k', machineId: 'm', tag: "o'clock", timestamp: 't' });
    // printf stands in for curl: the shell must hand over each argument unchanged.
    const args = execFileSync('sh', ['-c', sample.replace(/^curl/, 'printf "%s\\n"')], { encoding: 'utf8' }).trimEnd().split('\n');
    expect(args.slice(0, 2)).toEqual(['-X', 'POST']);
    expect(args[2]).toBe("https://x.test/it's");
    expect(JSON.parse(args.slice(args.indexOf('-d') + 1).join('\n'))).toMatchObject({ values: [{ tag: "o'clock", value: 42.1 }] });
  });
});
