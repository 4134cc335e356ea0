import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { AGENT_TOKEN_ENV, agentPythonExample, curlSample, nodeSample, pythonSample, type IngestSampleInput } from '@taktwerk/common';
import { withPlatform } from '@taktwerk/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../../../testing/api-server';
import { createTestOrganization } from '../../../../testing/fixtures';
import { signedInCaller, type Caller } from '../machines/test-support';

const run = promisify(execFile);

let api: TestApi;
let owner: Caller;
let ingestUrl: string;
beforeAll(async () => {
  api = await startTestApi();
  ingestUrl = `${api.baseUrl}/api/v1/ingest`;
  const org = await createTestOrganization(api.deps.pool, { usageLimits: { machines: 3 } });
  owner = await signedInCaller(api, org.owner);
});
afterAll(async () => api.close());

const storedPoints = async (machineId: string) =>
  (
    await withPlatform(api.deps.pool, (db) =>
      db.query<{ tag: string; value: number }>('SELECT tag, value FROM ingested_values WHERE machine_id = $1 ORDER BY ts', [machineId]),
    )
  ).rows;

describe('quickstart samples, run as printed', () => {
  it('curl, Node and Python samples with the new key are accepted by the ingest endpoint', async () => {
    const { key } = (await owner('POST', '/api-keys', { label: 'quickstart', scopes: ['ingest:write'] })).json;
    const machineId: string = (await owner('POST', '/machines', { name: 'Sample target' })).json.machine.id;
    const input: IngestSampleInput = { ingestUrl, apiKey: key, machineId, tag: 'spindle.temp', timestamp: new Date().toISOString() };
    const curl = (await run('sh', ['-c', curlSample(input)])).stdout;
    expect(JSON.parse(curl)).toEqual({ accepted: 1, duplicates: 0, rejected: [] });
    for (const [command, args] of [
      [process.execPath, ['--input-type=module', '-e', nodeSample(input)]],
      ['python3', ['-c', pythonSample(input)]],
    ] as const) {
      const [status, ...body] = (await run(command, args)).stdout.trim().split(' ');
      expect(status).toBe('200');
      expect(JSON.parse(body.join(' '))).toMatchObject({ accepted: 1, rejected: [] });
    }
    expect(await storedPoints(machineId)).toEqual([1, 2, 3].map(() => ({ tag: 'spindle.temp', value: 42.1 })));
  });

  it('the curl sample with a wrong key is refused with 401', async () => {
    const sample = curlSample({
      ingestUrl,
      apiKey: 'twk_not-a-real-key',
      machineId: '00000000-0000-4000-8000-000000000000',
      tag: 'x',
      timestamp: new Date().toISOString(),
    });
    const { stdout } = await run('sh', ['-c', `${sample} -s -o /dev/null -w '%{http_code}'`]);
    expect(stdout).toBe('401');
  });
});

describe('agent Python example with the downloaded YAML', () => {
  it('reads the file, takes the machine token from the environment and sends the enabled tags', async () => {
    const created = (await owner('POST', '/machines', { name: 'Agent target' })).json;
    const config = `/machines/${created.machine.id}/agent-config`;
    const tag = (alias: string, dataType: string, enabled = true) => ({ nodeId: `ns=2;s=${alias}`, alias, enabled, sampleIntervalMs: 500, dataType });
    await owner('PUT', config, {
      protocol: 'opcua',
      endpoint: 'opc.tcp://localhost:4840',
      sendIntervalMs: 1000,
      bufferSize: 10,
      tags: [tag('temp', 'Double'), tag('running', 'Boolean'), tag('disabled', 'Int32', false)],
    });
    const download = (await owner('GET', `${config}/yaml?origin=${encodeURIComponent(api.baseUrl)}`)).json;
    const dir = await mkdtemp(path.join(tmpdir(), 'taktwerk-agent-'));
    try {
      await writeFile(path.join(dir, download.fileName), download.yaml);
      await writeFile(path.join(dir, 'agent.py'), agentPythonExample(download.fileName));
      const { stdout } = await run('python3', ['agent.py', download.fileName, '--once'], {
        cwd: dir,
        env: { ...process.env, [AGENT_TOKEN_ENV]: created.token },
      });
      expect(stdout.trim()).toBe('200');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    // Booleans are stored as 1 or 0; the disabled tag sent nothing.
    const points = await storedPoints(created.machine.id);
    expect(points.map((p) => p.tag).sort()).toEqual(['running', 'temp']);
    expect([0, 1]).toContain(points.find((p) => p.tag === 'running')!.value);
  });
});
