import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../../../testing/api-server';
import { createTestOrganization } from '../../../../testing/fixtures';
import { signedInCaller } from '../machines/test-support';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => api.close());

async function ownerWithMachine(tags = 100) {
  const org = await createTestOrganization(api.deps.pool, { usageLimits: { machines: 5, tags } });
  const owner = await signedInCaller(api, org.owner);
  const machineId: string = (await owner('POST', '/machines', { name: 'Mill' })).json.machine.id;
  return { org, owner, machineId };
}

describe('tag configs', () => {
  it('creates a tag with the spec defaults and lists it', async () => {
    const { owner, machineId } = await ownerWithMachine();
    const res = await owner('POST', `/machines/${machineId}/tags`, { alias: ' spindle.temp ', unit: '°C' });
    expect(res.status).toBe(201);
    expect(res.json.tag).toMatchObject({
      machineId,
      path: '',
      alias: 'spindle.temp',
      enabled: true,
      sampleIntervalMs: 1000,
      sendIntervalMs: 5000,
      aggregation: 'avg',
      dataType: 'Double',
      unit: '°C',
      description: null,
    });
    const list = await owner('GET', `/machines/${machineId}/tags`);
    expect(list.json.tags.map((t: { alias: string }) => t.alias)).toEqual(['spindle.temp']);
  });

  it('validates intervals (>= 100 ms), data type, aggregation and unknown fields', async () => {
    const { owner, machineId } = await ownerWithMachine();
    const post = (body: object) => owner('POST', `/machines/${machineId}/tags`, body);
    expect((await post({ alias: 'a', sampleIntervalMs: 99 })).status).toBe(400);
    expect((await post({ alias: 'a', sampleIntervalMs: 100, sendIntervalMs: 100 })).status).toBe(201);
    expect((await post({ alias: 'b', dataType: 'Float' })).status).toBe(400);
    expect((await post({ alias: 'b', aggregation: 'median' })).status).toBe(400);
    expect((await post({ alias: 'b', machineId })).status).toBe(400);
    expect((await post({ alias: '  ' })).status).toBe(400);
    for (const dataType of ['Double', 'Int32', 'Boolean', 'String'])
      expect((await post({ alias: `t.${dataType}`, dataType, path: 'ns=2;s=X' })).json.tag.dataType).toBe(dataType);
  });

  it('refuses a second tag with the same alias on a machine, ignoring case', async () => {
    const { owner, machineId } = await ownerWithMachine();
    await owner('POST', `/machines/${machineId}/tags`, { alias: 'Pressure' });
    const clash = await owner('POST', `/machines/${machineId}/tags`, { alias: 'pressure' });
    expect(clash.status).toBe(409);
    expect(clash.json.error.code).toBe('tag_alias_taken');
  });

  it('edits and deletes a tag; unit and description clear with empty text', async () => {
    const { owner, machineId } = await ownerWithMachine();
    const { tag } = (await owner('POST', `/machines/${machineId}/tags`, { alias: 'a', unit: 'bar', description: 'x' })).json;
    await owner('POST', `/machines/${machineId}/tags`, { alias: 'b' });
    const edited = await owner('PATCH', `/machines/${machineId}/tags/${tag.id}`, { alias: 'a2', enabled: false, unit: '', dataType: 'Int32' });
    expect(edited.status).toBe(200);
    expect(edited.json.tag).toMatchObject({ alias: 'a2', enabled: false, unit: null, description: 'x', dataType: 'Int32' });
    expect((await owner('PATCH', `/machines/${machineId}/tags/${tag.id}`, { alias: 'B' })).status).toBe(409);
    expect((await owner('DELETE', `/machines/${machineId}/tags/${tag.id}`)).status).toBe(204);
    expect((await owner('DELETE', `/machines/${machineId}/tags/${tag.id}`)).status).toBe(404);
  });

  it('enforces the plan tag limit across machines at the boundary', async () => {
    const { owner, machineId } = await ownerWithMachine(2);
    const other: string = (await owner('POST', '/machines', { name: 'Second' })).json.machine.id;
    expect((await owner('POST', `/machines/${machineId}/tags`, { alias: 'a' })).status).toBe(201);
    const second = await owner('POST', `/machines/${other}/tags`, { alias: 'b' });
    expect(second.status).toBe(201);
    const third = await owner('POST', `/machines/${other}/tags`, { alias: 'c' });
    expect(third.status).toBe(403);
    expect(third.json.error.message).toBe('Your plan allows 2 tag(s). Upgrade your plan to add more.');
    await owner('DELETE', `/machines/${other}/tags/${second.json.tag.id}`);
    expect((await owner('POST', `/machines/${other}/tags`, { alias: 'c' })).status).toBe(201);
  });

  it('lets members read tags but not change them', async () => {
    const { org, owner, machineId } = await ownerWithMachine();
    const { tag } = (await owner('POST', `/machines/${machineId}/tags`, { alias: 'a' })).json;
    const member = await signedInCaller(api, org.member);
    expect((await member('GET', `/machines/${machineId}/tags`)).status).toBe(200);
    expect((await member('POST', `/machines/${machineId}/tags`, { alias: 'b' })).status).toBe(403);
    expect((await member('PATCH', `/machines/${machineId}/tags/${tag.id}`, { alias: 'b' })).status).toBe(403);
    expect((await member('DELETE', `/machines/${machineId}/tags/${tag.id}`)).status).toBe(403);
  });

  it("answers another organization's machine or tag ids like missing ones", async () => {
    const mine = await ownerWithMachine();
    const theirs = await ownerWithMachine();
    const { tag } = (await theirs.owner('POST', `/machines/${theirs.machineId}/tags`, { alias: 'secret' })).json;
    const absent = (await mine.owner('GET', `/machines/${randomUUID()}/tags`)).json;
    for (const res of [
      await mine.owner('GET', `/machines/${theirs.machineId}/tags`),
      await mine.owner('POST', `/machines/${theirs.machineId}/tags`, { alias: 'x' }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.json).toEqual(absent);
    }
    for (const machineId of [theirs.machineId, mine.machineId]) {
      expect((await mine.owner('PATCH', `/machines/${machineId}/tags/${tag.id}`, { alias: 'x' })).status).toBe(404);
      expect((await mine.owner('DELETE', `/machines/${machineId}/tags/${tag.id}`)).status).toBe(404);
    }
    expect((await theirs.owner('GET', `/machines/${theirs.machineId}/tags`)).json.tags[0].alias).toBe('secret');
  });
});
