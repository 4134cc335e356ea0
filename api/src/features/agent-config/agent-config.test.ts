import { randomUUID } from 'node:crypto';
import { AGENT_PROTOCOLS, type AgentConfig } from '@taktwerk/common';
import { withPlatform } from '@taktwerk/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { startTestApi, type TestApi } from '../../../../testing/api-server';
import { createTestOrganization } from '../../../../testing/fixtures';
import { signedInCaller } from '../machines/test-support';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => api.close());

async function setup(tags = 100) {
  const org = await createTestOrganization(api.deps.pool, { usageLimits: { machines: 5, tags } });
  const owner = await signedInCaller(api, org.owner);
  const machineId: string = (await owner('POST', '/machines', { name: 'CNC Mill 01' })).json.machine.id;
  return { org, owner, machineId, config: `/machines/${machineId}/agent-config` };
}

const tag = (alias: string, extra: object = {}) => ({ nodeId: `ns=2;s=${alias}`, alias, enabled: true, sampleIntervalMs: 1000, dataType: 'Double', ...extra });
const settings = { protocol: 'opcua', endpoint: 'opc.tcp://plc-7:4840', sendIntervalMs: 2000, bufferSize: 250 };
const sql = (text: string, values: unknown[]) => withPlatform(api.deps.pool, (db) => db.query(text, values));

describe('agent configuration', () => {
  it('starts from the spec defaults with the machine tags', async () => {
    const { owner, machineId, config } = await setup();
    await owner('POST', `/machines/${machineId}/tags`, { alias: 'temp', path: 'ns=2;s=T', dataType: 'Double' });
    const res = await owner('GET', config);
    expect(res.status).toBe(200);
    expect(res.json.config).toMatchObject({
      machineId,
      machineName: 'CNC Mill 01',
      protocol: 'opcua',
      endpoint: 'opc.tcp://localhost:4840',
      sendIntervalMs: 5000,
      bufferSize: 100,
      saved: false,
      updatedAt: null,
      connectionStatus: 'disconnected',
    });
    expect(res.json.config.tags).toMatchObject([{ nodeId: 'ns=2;s=T', alias: 'temp', enabled: true, sampleIntervalMs: 1000, dataType: 'Double' }]);
  });

  it('saves settings and tags; tags left out of the list are deleted, matched ones updated in place', async () => {
    const { owner, config } = await setup();
    const first = await owner('PUT', config, { ...settings, tags: [tag('a'), tag('b'), tag('c', { enabled: false, dataType: 'Boolean' })] });
    expect(first.status).toBe(200);
    expect(first.json.config).toMatchObject({ ...settings, saved: true });
    const ids = Object.fromEntries(first.json.config.tags.map((t: { alias: string; id: string }) => [t.alias, t.id]));

    // b is renamed by id, c is matched by its node id, A by alias (ignoring case); a new tag d is added.
    const second = await owner('PUT', config, {
      ...settings,
      protocol: 'modbus_rtu',
      tags: [tag('b2', { id: ids.b, nodeId: 'ns=2;s=b' }), tag('c-renamed', { nodeId: 'ns=2;s=c', sampleIntervalMs: 100 }), tag('A'), tag('d')],
    });
    expect(second.status).toBe(200);
    const saved: AgentConfig = second.json.config;
    expect(saved.protocol).toBe('modbus_rtu');
    const byAlias = Object.fromEntries(saved.tags.map((t) => [t.alias, t]));
    expect(Object.keys(byAlias).sort()).toEqual(['A', 'b2', 'c-renamed', 'd']);
    expect(byAlias.b2!.id).toBe(ids.b);
    expect(byAlias['c-renamed']).toMatchObject({ id: ids.c, sampleIntervalMs: 100 });
    expect(byAlias.A!.id).toBe(ids.a);
    expect((await owner('GET', config)).json.config).toEqual(saved);

    const third = await owner('PUT', config, { ...settings, tags: [tag('d', { id: byAlias.d!.id })] });
    expect(third.json.config.tags.map((t: { alias: string }) => t.alias)).toEqual(['d']);
  });

  it('lets two tags swap aliases in one save', async () => {
    const { owner, config } = await setup();
    const saved = (await owner('PUT', config, { ...settings, tags: [tag('left'), tag('right')] })).json.config.tags;
    const [left, right] = saved as { id: string }[];
    const swapped = await owner('PUT', config, { ...settings, tags: [tag('right', { id: left!.id }), tag('left', { id: right!.id })] });
    expect(swapped.status).toBe(200);
    expect(swapped.json.config.tags.find((t: { id: string }) => t.id === left!.id).alias).toBe('right');
  });

  it('removes every tag when saving an empty list', async () => {
    const { owner, machineId, config } = await setup();
    await owner('PUT', config, { ...settings, tags: [tag('a'), tag('b')] });
    expect((await owner('PUT', config, { ...settings, tags: [] })).json.config.tags).toEqual([]);
    expect((await owner('GET', `/machines/${machineId}/tags`)).json.tags).toEqual([]);
  });

  it('validates protocol, sample interval >= 100 ms, unique aliases, data types and unknown tag ids', async () => {
    const { owner, config } = await setup();
    const put = (body: object) => owner('PUT', config, { ...settings, tags: [], ...body });
    for (const protocol of AGENT_PROTOCOLS) expect((await put({ protocol })).status).toBe(200);
    expect(AGENT_PROTOCOLS).toHaveLength(8);
    expect((await put({ protocol: 'bacnet' })).status).toBe(400);
    expect((await put({ tags: [tag('a', { sampleIntervalMs: 99 })] })).status).toBe(400);
    expect((await put({ tags: [tag('a', { sampleIntervalMs: 100 })] })).status).toBe(200);
    expect((await put({ tags: [tag('a'), tag('A')] })).status).toBe(400);
    expect((await put({ tags: [tag('a', { dataType: 'Float' })] })).status).toBe(400);
    expect((await put({ tags: [tag('a', { nodeId: ' ' })] })).status).toBe(400);
    expect((await put({ endpoint: '' })).status).toBe(400);
    expect((await put({ bufferSize: 0 })).status).toBe(400);
    expect((await put({ tags: [tag('a', { id: randomUUID() })] })).status).toBe(404);
  });

  it('enforces the plan tag limit on save, counting the tags it deletes', async () => {
    const { owner, config } = await setup(2);
    expect((await owner('PUT', config, { ...settings, tags: [tag('a'), tag('b')] })).status).toBe(200);
    const over = await owner('PUT', config, { ...settings, tags: [tag('a'), tag('b'), tag('c')] });
    expect(over.status).toBe(403);
    expect(over.json.error.message).toBe('Your plan allows 2 tag(s). Upgrade your plan to add more.');
    expect((await owner('PUT', config, { ...settings, tags: [tag('c'), tag('d')] })).status).toBe(200);
  });

  it('reports the connection status: online is connected, error is error, anything else disconnected', async () => {
    const { owner, machineId, config } = await setup();
    await sql('UPDATE machines SET last_heartbeat = now() WHERE id = $1', [machineId]);
    expect((await owner('GET', config)).json.config.connectionStatus).toBe('connected');
    await sql("UPDATE machines SET last_heartbeat = NULL, status = 'error' WHERE id = $1", [machineId]);
    expect((await owner('GET', config)).json.config.connectionStatus).toBe('error');
    await sql("UPDATE machines SET status = 'connecting' WHERE id = $1", [machineId]);
    expect((await owner('GET', config)).json.config.connectionStatus).toBe('disconnected');
  });
});

describe('agent YAML download', () => {
  it('parses and round-trips to the saved configuration, with API timeout 30 and no token', async () => {
    const { owner, machineId, config } = await setup();
    const token: string = (await owner('POST', `/machines/${machineId}/token`)).json.token;
    const saved: AgentConfig = (
      await owner('PUT', config, { ...settings, tags: [tag('spindle.temp'), tag('running', { dataType: 'Boolean', enabled: false, nodeId: 'ns=2;s="quoted": yes' })] })
    ).json.config;
    const res = await owner('GET', `${config}/yaml?origin=${encodeURIComponent('http://factory.local:8080/some/page')}`);
    expect(res.status).toBe(200);
    expect(res.json.fileName).toBe('taktwerk-agent-cnc-mill-01.yaml');
    expect(res.json.yaml).not.toContain(token);
    expect(YAML.parse(res.json.yaml)).toEqual({
      machineId: saved.machineId,
      machineName: saved.machineName,
      protocol: saved.protocol,
      endpoint: saved.endpoint,
      sendInterval: saved.sendIntervalMs,
      bufferSize: saved.bufferSize,
      api: { url: 'http://factory.local:8080/api/v1/ingest', token: '${TAKTWERK_MACHINE_TOKEN}', timeout: 30 },
      tags: saved.tags.map((t) => ({ nodeId: t.nodeId, alias: t.alias, enabled: t.enabled, sampleInterval: t.sampleIntervalMs, dataType: t.dataType })),
    });
    expect((await owner('GET', `${config}/yaml?origin=javascript:alert(1)`)).status).toBe(400);
  });
});

describe('agent statistics', () => {
  it('counts the points stored since the given instant, within the last 48 hours', async () => {
    const { owner, machineId } = await setup();
    await sql(
      `INSERT INTO ingested_values (machine_id, tag, ts, value) VALUES
         ($1, 'a', now() - interval '3 hours', 1), ($1, 'a', now() - interval '1 hour', 2), ($1, 'b', now() - interval '1 minute', 3)`,
      [machineId],
    );
    const since = new Date(Date.now() - 2 * 3600_000).toISOString();
    const res = await owner('GET', `/machines/${machineId}/agent-stats?since=${encodeURIComponent(since)}`);
    expect(res.json).toEqual({ machineId, since, points: 2 });
    const old = new Date(Date.now() - 49 * 3600_000).toISOString();
    expect((await owner('GET', `/machines/${machineId}/agent-stats?since=${encodeURIComponent(old)}`)).status).toBe(400);
    expect((await owner('GET', `/machines/${machineId}/agent-stats`)).status).toBe(400);
  });
});

describe('agent permissions and tenancy', () => {
  it('lets members read configuration, YAML and statistics but not save', async () => {
    const { org, config, machineId } = await setup();
    const member = await signedInCaller(api, org.member);
    expect((await member('GET', config)).status).toBe(200);
    expect((await member('GET', `${config}/yaml`)).status).toBe(200);
    expect((await member('GET', `/machines/${machineId}/agent-stats?since=${new Date().toISOString()}`)).status).toBe(200);
    expect((await member('PUT', config, { ...settings, tags: [] })).status).toBe(403);
  });

  it("answers another organization's machine like a missing one", async () => {
    const mine = await setup();
    const theirs = await setup();
    await theirs.owner('PUT', theirs.config, { ...settings, tags: [tag('secret')] });
    const since = encodeURIComponent(new Date().toISOString());
    for (const [method, suffix, body] of [
      ['GET', '/agent-config', undefined],
      ['PUT', '/agent-config', { ...settings, tags: [] }],
      ['GET', '/agent-config/yaml', undefined],
      ['GET', `/agent-stats?since=${since}`, undefined],
    ] as const) {
      const foreign = await mine.owner(method, `/machines/${theirs.machineId}${suffix}`, body);
      const missing = await mine.owner(method, `/machines/${randomUUID()}${suffix}`, body);
      expect(foreign.status).toBe(404);
      expect(foreign.json).toEqual(missing.json);
    }
    expect((await theirs.owner('GET', theirs.config)).json.config.tags.map((t: { alias: string }) => t.alias)).toEqual(['secret']);
  });
});
