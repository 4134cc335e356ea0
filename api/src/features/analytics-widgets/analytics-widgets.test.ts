import { randomUUID } from 'node:crypto';
import { MAX_WIDGETS_PER_ORGANIZATION } from '@taktwerk/common';
import { insertAnalyticsWidget, withTenant } from '@taktwerk/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../../../testing/api-server';
import { createTestOrganization } from '../../../../testing/fixtures';
import { signedInCaller, type Caller } from '../machines/test-support';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => api.close());

/** A fresh organization whose owner has a machine 'Press 4' with tags 'Spindle.Temp' (°C) and 'pressure' (no unit). */
async function scene() {
  const org = await createTestOrganization(api.deps.pool, { usageLimits: { machines: 5, tags: 20 } });
  const owner = await signedInCaller(api, org.owner);
  const machineId: string = (await owner('POST', '/machines', { name: 'Press 4' })).json.machine.id;
  await owner('POST', `/machines/${machineId}/tags`, { alias: 'Spindle.Temp', unit: '°C' });
  await owner('POST', `/machines/${machineId}/tags`, { alias: 'pressure' });
  return { org, owner, machineId };
}

const addWidget = (caller: Caller, body: object) => caller('POST', '/analytics/widgets', body);
const titles = async (caller: Caller) => (await caller('GET', '/analytics/widgets')).json.widgets.map((w: { title: string }) => w.title);

describe('analytics widgets', () => {
  it("creates a widget with the spec defaults: title 'machine • tag', the tag's unit and spelling, avg, visible", async () => {
    const { owner, machineId } = await scene();
    const res = await addWidget(owner, { machineId, tagAlias: ' spindle.temp ' });
    expect(res.status).toBe(201);
    expect(res.json.widget).toMatchObject({
      type: 'chart',
      title: 'Press 4 • Spindle.Temp',
      machineId,
      machineName: 'Press 4',
      tagAlias: 'Spindle.Temp',
      tagUnit: '°C',
      aggregation: 'avg',
      visible: true,
      visibleDashboard: false,
      position: 0,
    });
    const given = await addWidget(owner, {
      machineId,
      tagAlias: 'pressure',
      type: 'metric',
      title: '  Line pressure ',
      tagUnit: 'bar',
      aggregation: 'max',
      visible: false,
      visibleDashboard: true,
    });
    expect(given.json.widget).toMatchObject({ type: 'metric', title: 'Line pressure', tagUnit: 'bar', aggregation: 'max', visible: false, visibleDashboard: true, position: 1 });
    expect((await owner('GET', '/analytics/widgets')).json.widgets).toEqual([res.json.widget, given.json.widget]);
  });

  it("refuses a widget without machine or tag with 'Please select machine and tag.'", async () => {
    const { owner, machineId } = await scene();
    for (const body of [{}, { machineId }, { tagAlias: 'pressure' }, { machineId: '', tagAlias: 'pressure' }, { machineId, tagAlias: '   ' }]) {
      const res = await addWidget(owner, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error).toEqual({ code: 'machine_and_tag_required', message: 'Please select machine and tag.' });
    }
    const { widget } = (await addWidget(owner, { machineId, tagAlias: 'pressure' })).json;
    const cleared = await owner('PATCH', `/analytics/widgets/${widget.id}`, { tagAlias: '' });
    expect(cleared.json.error.code).toBe('machine_and_tag_required');
    expect(await titles(owner)).toEqual(['Press 4 • pressure']);
  });

  it('validates type, aggregation, unknown fields, machine ids and the tag', async () => {
    const { owner, machineId } = await scene();
    const bad = [
      { machineId, tagAlias: 'pressure', type: 'gauge' },
      { machineId, tagAlias: 'pressure', aggregation: 'median' },
      { machineId, tagAlias: 'pressure', orgId: randomUUID() },
      { machineId, tagAlias: 'pressure', position: 3 },
      { machineId: 'not-a-uuid', tagAlias: 'pressure' },
      { machineId, tagAlias: 'pressure', title: 'x'.repeat(201) },
    ];
    for (const body of bad) expect((await addWidget(owner, body)).status, JSON.stringify(body)).toBe(400);
    for (const aggregation of ['avg', 'min', 'max', 'sum', 'count'])
      expect((await addWidget(owner, { machineId, tagAlias: 'pressure', aggregation })).json.widget.aggregation).toBe(aggregation);
    for (const type of ['metric', 'chart', 'table'])
      expect((await addWidget(owner, { machineId, tagAlias: 'pressure', type })).json.widget.type).toBe(type);
    const unknownTag = await addWidget(owner, { machineId, tagAlias: 'vibration' });
    expect(unknownTag.status).toBe(400);
    expect(unknownTag.json.error.code).toBe('unknown_tag');
    expect((await addWidget(owner, { machineId: randomUUID(), tagAlias: 'pressure' })).status).toBe(404);
  });

  it('edits a widget: a new tag brings its unit, a blank title becomes the default again, toggles change one flag', async () => {
    const { owner, machineId } = await scene();
    const { widget } = (await addWidget(owner, { machineId, tagAlias: 'pressure', title: 'Mine' })).json;
    const path = `/analytics/widgets/${widget.id}`;
    const retagged = await owner('PATCH', path, { tagAlias: 'SPINDLE.TEMP', aggregation: 'min', type: 'table' });
    expect(retagged.status).toBe(200);
    expect(retagged.json.widget).toMatchObject({ title: 'Mine', tagAlias: 'Spindle.Temp', tagUnit: '°C', aggregation: 'min', type: 'table' });
    expect((await owner('PATCH', path, { title: '' })).json.widget.title).toBe('Press 4 • Spindle.Temp');
    expect((await owner('PATCH', path, { tagUnit: '' })).json.widget.tagUnit).toBeNull();
    const hidden = (await owner('PATCH', path, { visible: false })).json.widget;
    expect(hidden).toMatchObject({ visible: false, visibleDashboard: false, tagUnit: null, aggregation: 'min' });
    const onDashboard = (await owner('PATCH', path, { visibleDashboard: true })).json.widget;
    expect(onDashboard).toMatchObject({ visible: false, visibleDashboard: true });
    expect((await owner('PATCH', path, { visible: true })).json.widget.visible).toBe(true);
    expect((await owner('PATCH', `/analytics/widgets/${randomUUID()}`, { visible: true })).status).toBe(404);
  });

  it('keeps positions: new widgets go last, a reorder sticks, deleting keeps the rest in order', async () => {
    const { owner, machineId } = await scene();
    const ids: string[] = [];
    for (const title of ['A', 'B', 'C', 'D']) ids.push((await addWidget(owner, { machineId, tagAlias: 'pressure', title })).json.widget.id);
    const [a, b, c, d] = ids as [string, string, string, string];
    const reordered = await owner('PUT', '/analytics/widgets/order', { ids: [c, a, d, b] });
    expect(reordered.status).toBe(200);
    expect(reordered.json.widgets.map((w: { title: string; position: number }) => [w.title, w.position])).toEqual([
      ['C', 0],
      ['A', 1],
      ['D', 2],
      ['B', 3],
    ]);
    expect((await owner('DELETE', `/analytics/widgets/${a}`)).status).toBe(204);
    expect((await owner('DELETE', `/analytics/widgets/${a}`)).status).toBe(404);
    await addWidget(owner, { machineId, tagAlias: 'pressure', title: 'E' });
    // An edit does not move a widget.
    await owner('PATCH', `/analytics/widgets/${c}`, { title: 'C2' });
    expect(await titles(owner)).toEqual(['C2', 'D', 'B', 'E']);
  });

  it('refuses a reorder that is not exactly the current widgets', async () => {
    const { owner, machineId } = await scene();
    const a = (await addWidget(owner, { machineId, tagAlias: 'pressure', title: 'A' })).json.widget.id;
    const b = (await addWidget(owner, { machineId, tagAlias: 'pressure', title: 'B' })).json.widget.id;
    const put = (ids: string[]) => owner('PUT', '/analytics/widgets/order', { ids });
    expect((await put([b])).json.error.code).toBe('widget_order_stale');
    expect((await put([b, a, randomUUID()])).status).toBe(409);
    expect((await put([b, b])).status).toBe(400);
    expect(await titles(owner)).toEqual(['A', 'B']);
  });

  it('lets members read widgets but not change, reorder or delete them', async () => {
    const { org, owner, machineId } = await scene();
    const { widget } = (await addWidget(owner, { machineId, tagAlias: 'pressure' })).json;
    const member = await signedInCaller(api, org.member);
    const list = await member('GET', '/analytics/widgets');
    expect(list.status).toBe(200);
    expect(list.json.widgets.map((w: { id: string }) => w.id)).toEqual([widget.id]);
    expect((await addWidget(member, { machineId, tagAlias: 'pressure' })).status).toBe(403);
    expect((await member('PATCH', `/analytics/widgets/${widget.id}`, { visible: false })).status).toBe(403);
    expect((await member('PUT', '/analytics/widgets/order', { ids: [widget.id] })).status).toBe(403);
    expect((await member('DELETE', `/analytics/widgets/${widget.id}`)).status).toBe(403);
    expect((await owner('GET', '/analytics/widgets')).json.widgets[0].visible).toBe(true);
  });

  it("never shows or touches another organization's widgets or machines", async () => {
    const mine = await scene();
    const theirs = await scene();
    const { widget } = (await addWidget(theirs.owner, { machineId: theirs.machineId, tagAlias: 'pressure', title: 'Secret' })).json;
    expect((await mine.owner('GET', '/analytics/widgets')).json.widgets).toEqual([]);
    const foreignMachine = await addWidget(mine.owner, { machineId: theirs.machineId, tagAlias: 'pressure' });
    expect(foreignMachine.status).toBe(404);
    expect(foreignMachine.json.error.message).toBe('Machine not found.');
    expect((await mine.owner('PATCH', `/analytics/widgets/${widget.id}`, { title: 'Mine now' })).status).toBe(404);
    const { widget: own } = (await addWidget(mine.owner, { machineId: mine.machineId, tagAlias: 'pressure' })).json;
    expect((await mine.owner('PATCH', `/analytics/widgets/${own.id}`, { machineId: theirs.machineId })).status).toBe(404);
    expect((await mine.owner('PUT', '/analytics/widgets/order', { ids: [widget.id] })).status).toBe(409);
    expect((await mine.owner('DELETE', `/analytics/widgets/${widget.id}`)).status).toBe(404);
    expect(await titles(theirs.owner)).toEqual(['Secret']);
  });

  it('caps an organization at 100 widgets', async () => {
    const { org, owner, machineId } = await scene();
    const fields = { type: 'chart', title: 'W', machineId, tagAlias: 'pressure', tagUnit: null, aggregation: 'avg', visible: true, visibleDashboard: false } as const;
    await withTenant(api.deps.pool, org.org.id, async (db) => {
      for (let i = 0; i < MAX_WIDGETS_PER_ORGANIZATION - 1; i += 1) await insertAnalyticsWidget(db, org.org.id, fields);
    });
    expect((await addWidget(owner, { machineId, tagAlias: 'pressure' })).json.widget.position).toBe(MAX_WIDGETS_PER_ORGANIZATION - 1);
    const over = await addWidget(owner, { machineId, tagAlias: 'pressure' });
    expect(over.status).toBe(409);
    expect(over.json.error.code).toBe('widget_limit');
  });

  it('needs a signed-in caller', async () => {
    const res = await fetch(`${api.baseUrl}/api/v1/analytics/widgets`);
    expect(res.status).toBe(401);
  });
});
