import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { insertAlertEvent, insertTagConfig, withPlatform } from '@taktwerk/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../../../testing/api-server';
import { createTestAdmin } from '../../../../testing/fixtures';
import { signedInCaller } from '../machines/test-support';
import { alertsSetUp, TAG, thresholdDraft } from './test-support';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => api.close());

const sql = <T extends object>(text: string, values: unknown[] = []) =>
  withPlatform(api.deps.pool, async (db) => (await db.query<T & Record<string, unknown>>(text, values)).rows);

describe('alert rules: create, list, edit, toggle, delete', () => {
  it('creates a rule with the spec defaults, the tag in its configured spelling, and an email channel to the author', async () => {
    const { org, owner, machineId } = await alertsSetUp(api);
    const res = await owner('POST', '/alerts/rules', thresholdDraft(machineId, { expression: { tag: 'SPINDLE.TEMP', threshold: 80 } }));
    expect(res.status).toBe(201);
    expect(res.json.rule).toMatchObject({
      name: 'Hot spindle',
      ruleType: 'threshold',
      machineId,
      machineName: 'Press 1',
      expression: { tag: TAG, operator: '>', threshold: 80, duration: 0, noDataMinutes: 5, deviationSigma: 3 },
      severity: 'medium',
      channels: [{ type: 'email', target: org.owner.email, enabled: true }],
      enabled: true,
      cooldownMinutes: 5,
      state: 'ok',
      createdBy: org.owner.id,
    });
    const list = await owner('GET', '/alerts/rules');
    expect(list.json.rules.map((r: { id: string }) => r.id)).toEqual([res.json.rule.id]);
    const [state] = await sql<{ state: string; version: number }>('SELECT state, version FROM alert_rule_states WHERE rule_id = $1', [res.json.rule.id]);
    expect(state).toMatchObject({ state: 'ok', version: 0 });
  });

  it('edits a rule (keeping its channels), restarts evaluation only when what it watches changes, toggles and deletes it', async () => {
    const { owner, machineId } = await alertsSetUp(api);
    const channels = [{ type: 'webhook', target: 'https://hooks.example.com/t', enabled: true }];
    const { rule } = (await owner('POST', '/alerts/rules', thresholdDraft(machineId, { channels }))).json;
    await sql("UPDATE alert_rule_states SET state = 'firing', last_point_ts = now() WHERE rule_id = $1", [rule.id]);
    const renamed = await owner('PUT', `/alerts/rules/${rule.id}`, thresholdDraft(machineId, { name: 'Renamed', severity: 'critical' }));
    expect(renamed.status).toBe(200);
    expect(renamed.json.rule).toMatchObject({ name: 'Renamed', severity: 'critical', channels, state: 'firing' });

    const stricter = await owner('PUT', `/alerts/rules/${rule.id}`, thresholdDraft(machineId, { expression: { tag: TAG, threshold: 90 } }));
    expect(stricter.json.rule).toMatchObject({ expression: { threshold: 90 }, state: 'ok' });
    const [state] = await sql<{ last_point_ts: Date | null }>('SELECT last_point_ts FROM alert_rule_states WHERE rule_id = $1', [rule.id]);
    expect(state!.last_point_ts).toBeNull();

    expect((await owner('PATCH', `/alerts/rules/${rule.id}`, { enabled: false })).json.rule.enabled).toBe(false);
    expect((await owner('PATCH', `/alerts/rules/${rule.id}`, { enabled: true })).json.rule.enabled).toBe(true);
    expect((await owner('PATCH', `/alerts/rules/${rule.id}`, { enabled: 'yes' })).status).toBe(400);
    expect((await owner('DELETE', `/alerts/rules/${rule.id}`)).status).toBe(204);
    expect((await owner('GET', `/alerts/rules/${rule.id}`)).status).toBe(404);
    expect((await owner('DELETE', `/alerts/rules/${rule.id}`)).status).toBe(404);
  });

  it('answers the spec rules with stable codes: required fields, number minimums, channel targets, unknown tag', async () => {
    const { owner, machineId } = await alertsSetUp(api);
    const post = (body: object) => owner('POST', '/alerts/rules', body);
    const missing = await post({ name: ' ', machineId: '', expression: { tag: '' } });
    expect(missing.status).toBe(400);
    expect(missing.json.error).toEqual({
      code: 'required_fields',
      message: 'Please fill in all required fields.',
      details: { fields: ['name', 'machineId', 'tag'] },
    });
    const cases: [Record<string, unknown>, string, object][] = [
      [{ expression: { tag: TAG, duration: -1 } }, 'number_out_of_range', { field: 'duration', min: 0 }],
      [{ ruleType: 'no_data', expression: { tag: TAG, noDataMinutes: 0 } }, 'number_out_of_range', { field: 'noDataMinutes', min: 1 }],
      [{ ruleType: 'deviation', expression: { tag: TAG, deviationSigma: -1 } }, 'number_out_of_range', { field: 'deviationSigma', min: 0 }],
      [{ cooldownMinutes: -5 }, 'number_out_of_range', { field: 'cooldownMinutes', min: 0 }],
      [{ channels: [{ type: 'slack', target: 'not a url', enabled: true }] }, 'invalid_channel_target', { index: 0, type: 'slack' }],
      [{ expression: { tag: 'no.such.tag' } }, 'unknown_tag', { tag: 'no.such.tag' }],
    ];
    for (const [overrides, code, details] of cases) {
      const res = await post(thresholdDraft(machineId, overrides));
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      expect(res.json.error.code).toBe(code);
      expect(res.json.error.details).toMatchObject(details);
    }
    for (const body of [
      thresholdDraft(machineId, { orgId: randomUUID() }),
      thresholdDraft(machineId, { expression: { tag: TAG, threshold: 'eighty' } }),
      thresholdDraft(machineId, { expression: { tag: TAG, operator: '=>' } }),
      thresholdDraft(machineId, { severity: 'urgent' }),
      thresholdDraft('not-a-uuid'),
    ])
      expect((await post(body)).status).toBe(400);
    expect((await post(thresholdDraft(randomUUID()))).status).toBe(404);
    expect((await owner('GET', '/alerts/rules')).json.rules).toEqual([]);
  });

  it("stops at the plan's alert limit", async () => {
    const { owner, machineId } = await alertsSetUp(api, { alerts: 1 });
    expect((await owner('POST', '/alerts/rules', thresholdDraft(machineId))).status).toBe(201);
    const over = await owner('POST', '/alerts/rules', thresholdDraft(machineId));
    expect(over.status).toBe(403);
    expect(over.json.error).toMatchObject({ code: 'limit_reached', details: { resource: 'alerts', limit: 1 } });
  });
});

describe('alert rules: who may do what', () => {
  it('members read rules with credential targets masked, and get 403 on every change', async () => {
    const { owner, member, machineId } = await alertsSetUp(api);
    const channels = [
      { type: 'slack', target: 'https://hooks.slack.com/services/T000/B000/secret', enabled: true },
      { type: 'telegram', target: '123456:ABCDEFGHIJKLMNOPQRSTUVWXYZ:-100200300', enabled: true },
    ];
    const { rule } = (await owner('POST', '/alerts/rules', thresholdDraft(machineId, { channels }))).json;
    const seen = await member('GET', `/alerts/rules/${rule.id}`);
    expect(seen.status).toBe(200);
    expect(seen.json.rule.channels.map((c: { target: string }) => c.target)).toEqual(['https://hooks.slack.com/…', '-100200300']);
    expect(JSON.stringify((await member('GET', '/alerts/rules')).json)).not.toContain('secret');
    expect((await member('POST', '/alerts/rules', thresholdDraft(machineId))).status).toBe(403);
    expect((await member('PUT', `/alerts/rules/${rule.id}`, thresholdDraft(machineId))).status).toBe(403);
    expect((await member('PATCH', `/alerts/rules/${rule.id}`, { enabled: false })).status).toBe(403);
    expect((await member('DELETE', `/alerts/rules/${rule.id}`)).status).toBe(403);
    expect((await member('GET', '/alerts/rules/export')).status).toBe(403);
    expect((await member('POST', '/alerts/rules/import', { rules: [thresholdDraft(machineId)] })).status).toBe(403);
    expect((await owner('GET', `/alerts/rules/${rule.id}`)).json.rule.channels).toEqual(channels);
  });

  it("an organization never sees or changes another's rules or machines; anonymous callers get 401", async () => {
    const a = await alertsSetUp(api);
    const b = await alertsSetUp(api);
    const { rule } = (await a.owner('POST', '/alerts/rules', thresholdDraft(a.machineId))).json;
    expect((await b.owner('GET', `/alerts/rules/${rule.id}`)).status).toBe(404);
    expect((await b.owner('PUT', `/alerts/rules/${rule.id}`, thresholdDraft(b.machineId))).status).toBe(404);
    expect((await b.owner('PATCH', `/alerts/rules/${rule.id}`, { enabled: false })).status).toBe(404);
    expect((await b.owner('DELETE', `/alerts/rules/${rule.id}`)).status).toBe(404);
    expect((await b.owner('POST', '/alerts/rules', thresholdDraft(a.machineId))).status).toBe(404);
    expect((await b.owner('POST', '/alerts/backtest', { rule: thresholdDraft(a.machineId), range: '24h' })).status).toBe(404);
    expect((await b.owner('GET', '/alerts/rules')).json.rules).toEqual([]);
    const anonymous = await fetch(`${api.baseUrl}/api/v1/alerts/rules`);
    expect(anonymous.status).toBe(401);
    expect((await a.owner('GET', `/alerts/rules/${rule.id}`)).json.rule.enabled).toBe(true);
  });

  it('a platform admin passes the permission checks (within the platform organization)', async () => {
    const admin = await signedInCaller(api, await createTestAdmin(api.deps.pool));
    expect((await admin('GET', '/alerts/rules')).status).toBe(200);
    expect((await admin('POST', '/alerts/rules', thresholdDraft(randomUUID()))).status).toBe(404);
  });
});

describe('alert rules: export and import', () => {
  it('exports JSON that imports into another organization by machine name, all or none', async () => {
    const a = await alertsSetUp(api);
    const webhook = { type: 'webhook', target: 'https://hooks.example.com/a', enabled: true };
    await a.owner('POST', '/alerts/rules', thresholdDraft(a.machineId, { name: 'Hot', channels: [webhook] }));
    await a.owner('POST', '/alerts/rules', thresholdDraft(a.machineId, { name: 'Silent', ruleType: 'no_data', expression: { tag: TAG, noDataMinutes: 15 } }));
    const exported = await a.owner('GET', '/alerts/rules/export');
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-disposition')).toContain('alert-rules.json');
    expect(exported.json).toMatchObject({ format: 'taktwerk.alert-rules', version: 1 });
    expect(exported.json.rules.map((r: { name: string; machineName: string }) => [r.name, r.machineName])).toEqual([
      ['Hot', 'Press 1'],
      ['Silent', 'Press 1'],
    ]);

    const b = await alertsSetUp(api);
    const imported = await b.owner('POST', '/alerts/rules/import', exported.json);
    expect(imported.status).toBe(201);
    expect(imported.json.rules.map((r: { machineId: string }) => r.machineId)).toEqual([b.machineId, b.machineId]);
    expect(imported.json.rules[0]).toMatchObject({ name: 'Hot', channels: [webhook] });
    expect(imported.json.rules[1]).toMatchObject({ ruleType: 'no_data', expression: { noDataMinutes: 15 } });

    const c = await alertsSetUp(api);
    await withPlatform(api.deps.pool, (db) => db.query("UPDATE machines SET name = 'Other' WHERE id = $1", [c.machineId]));
    const bad = { rules: [exported.json.rules[0], { ...exported.json.rules[1], machineId: c.machineId, expression: { tag: 'x' } }, { ...exported.json.rules[0], name: '' }] };
    const refused = await c.owner('POST', '/alerts/rules/import', bad);
    expect(refused.status).toBe(400);
    expect(refused.json.error.code).toBe('import_invalid');
    expect(refused.json.error.details.problems).toEqual([
      { index: 0, code: 'unknown_machine' },
      { index: 1, code: 'unknown_tag', tag: 'x' },
      { index: 2, code: 'required_fields', fields: ['name'] },
    ]);
    expect((await c.owner('GET', '/alerts/rules')).json.rules).toEqual([]);
    expect((await c.owner('POST', '/alerts/rules/import', { rules: [] })).status).toBe(400);
  });
});

describe('alert events: list, bell, acknowledge, delete', () => {
  async function withEvents(count: number) {
    const s = await alertsSetUp(api);
    const { rule } = (await s.owner('POST', '/alerts/rules', thresholdDraft(s.machineId))).json;
    const base = Date.now() - count * 1000;
    await withPlatform(api.deps.pool, async (db) => {
      for (let i = 0; i < count; i += 1)
        await insertAlertEvent(db, {
          orgId: s.org.org.id,
          alertId: rule.id,
          state: i % 2 === 0 ? 'triggered' : 'resolved',
          payload: { message: `event ${i}` },
          ts: new Date(base + i * 1000),
          dedupeKey: `test:${i}`,
        });
    });
    return { ...s, rule };
  }

  it('lists newest first capped at 50; the bell counts unacknowledged events and shows the latest 10', async () => {
    const s = await withEvents(55);
    const list = await s.member('GET', '/alert-events');
    expect(list.status).toBe(200);
    expect(list.json.events).toHaveLength(50);
    expect(list.json.events[0]).toMatchObject({ message: 'event 54', ruleName: 'Hot spindle', machineName: 'Press 1', state: 'triggered', deliveries: [] });
    expect(list.json.events[49].message).toBe('event 5');
    expect((await s.member('GET', `/alert-events?ruleId=${s.rule.id}`)).json.events).toHaveLength(50);
    expect((await s.member('GET', `/alert-events?ruleId=${randomUUID()}`)).json.events).toEqual([]);
    expect((await s.member('GET', '/alert-events?ruleId=nope')).status).toBe(400);
    const bell = await s.member('GET', '/alert-events/notifications');
    expect(bell.json.unreadCount).toBe(55);
    expect(bell.json.events.map((e: { message: string }) => e.message)).toEqual(Array.from({ length: 10 }, (_, i) => `event ${54 - i}`));
  });

  it('owners acknowledge (time and user recorded once) and delete; members may not; other organizations get 404', async () => {
    const s = await withEvents(2);
    const [newest, older] = (await s.owner('GET', '/alert-events')).json.events;
    expect((await s.member('POST', `/alert-events/${newest.id}/acknowledge`)).status).toBe(403);
    expect((await s.member('DELETE', `/alert-events/${newest.id}`)).status).toBe(403);
    const acked = await s.owner('POST', `/alert-events/${newest.id}/acknowledge`);
    expect(acked.status).toBe(200);
    expect(acked.json.event).toMatchObject({ acknowledged: true, acknowledgedBy: s.org.owner.id, acknowledgedByName: 'Test Owner' });
    const again = await s.owner('POST', `/alert-events/${newest.id}/acknowledge`);
    expect(again.json.event.acknowledgedAt).toBe(acked.json.event.acknowledgedAt);
    expect((await s.member('GET', '/alert-events/notifications')).json.unreadCount).toBe(1);

    const other = await alertsSetUp(api);
    expect((await other.owner('POST', `/alert-events/${older.id}/acknowledge`)).status).toBe(404);
    expect((await other.owner('DELETE', `/alert-events/${older.id}`)).status).toBe(404);
    expect((await other.owner('GET', `/alert-events/${older.id}`)).status).toBe(404);
    expect((await s.owner('DELETE', `/alert-events/${older.id}`)).status).toBe(204);
    expect((await s.owner('GET', `/alert-events/${older.id}`)).status).toBe(404);
    expect((await s.owner('POST', `/alert-events/${older.id}/acknowledge`)).status).toBe(404);
    expect((await s.member('GET', '/alert-events')).json.events.map((e: { id: string }) => e.id)).toEqual([newest.id]);
  });
});

describe('the ingest listener', () => {
  it('enqueues one alert.evaluate job per batch that touches a watched tag, and none otherwise', async () => {
    const s = await alertsSetUp(api);
    const queue = api.deps.alerts.queue;
    const jobsOf = async () =>
      (await queue.getJobs(['waiting', 'delayed', 'active'])).filter((j) => j.data.machineId === s.machineId).map((j) => j.data);
    const t = Date.now() - 60_000;
    await s.ingest([[t, 50]]);
    await withPlatform(api.deps.pool, (db) =>
      insertTagConfig(db, { orgId: s.org.org.id, machineId: s.machineId, path: 'other', alias: 'other', dataType: 'Double', unit: null, description: null }),
    );
    await s.owner('POST', '/alerts/rules', thresholdDraft(s.machineId));
    await s.ingest([[t + 1000, 1]], 'other');
    await s.ingest([
      [t + 3000, 90],
      [t + 2000, 85],
    ]);
    await expect.poll(jobsOf, { timeout: 5000 }).toHaveLength(1);
    expect(await jobsOf()).toEqual([{ orgId: s.org.org.id, machineId: s.machineId, tags: [TAG], fromMs: t + 2000, toMs: t + 3000 }]);
    await queue.obliterate({ force: true });
  });
});

describe('malformed input', () => {
  it('never answers 5xx: arbitrary bodies, ids and queries on every alert route', async () => {
    const s = await alertsSetUp(api);
    const { rule } = (await s.owner('POST', '/alerts/rules', thresholdDraft(s.machineId))).json;
    const id = fc.oneof(fc.constant(rule.id), fc.uuid(), fc.string({ maxLength: 40 }).map(encodeURIComponent));
    const body = fc.oneof(
      fc.anything(),
      fc.record({ name: fc.anything(), machineId: fc.oneof(fc.constant(s.machineId), fc.anything()), expression: fc.anything() }, { requiredKeys: [] }),
      fc.record({ rule: fc.anything(), range: fc.oneof(fc.constantFrom('24h', '7d'), fc.anything()) }, { requiredKeys: [] }),
      fc.record({ rules: fc.array(fc.anything(), { maxLength: 3 }) }),
    );
    const request = fc.oneof(
      fc.tuple(fc.constantFrom('POST /alerts/rules', 'POST /alerts/rules/import', 'POST /alerts/backtest'), fc.constant(''), body),
      fc.tuple(fc.constantFrom('PUT /alerts/rules/', 'PATCH /alerts/rules/', 'GET /alerts/rules/', 'DELETE /alerts/rules/'), id, body),
      fc.tuple(fc.constantFrom('POST /alert-events/', 'GET /alert-events/', 'DELETE /alert-events/'), id, fc.constant(undefined)),
      fc.tuple(fc.constant('GET /alert-events?'), fc.string({ maxLength: 30 }).map((q) => `ruleId=${encodeURIComponent(q)}&x=${q.length}`), fc.constant(undefined)),
    );
    await fc.assert(
      fc.asyncProperty(request, async ([route, suffix, payload]) => {
        const [method, path] = route.split(' ') as [string, string];
        const withBody = method === 'POST' || method === 'PUT' || method === 'PATCH';
        const res = await s.owner(method, `${path}${suffix}${method === 'POST' && path === '/alert-events/' ? '/acknowledge' : ''}`, withBody ? payload : undefined);
        expect(res.status, `${method} ${path}${suffix} ${res.text}`).toBeLessThan(500);
      }),
      { numRuns: 150 },
    );
  });
});
