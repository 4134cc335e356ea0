import { INITIAL_EVALUATION_STATE, type EvaluationResult } from '@taktwerk/common';
import { createPool, findAlertRule, insertAlertRule, insertMachine, loadRuleState, withPlatform, withTenant, type Pool } from '@taktwerk/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../../testing/context';
import { createTestOrganization } from '../../../testing/fixtures';
import { recordEvaluation } from './record';
import { ruleForEvaluation } from './rule';

let pool: Pool;
beforeAll(() => {
  pool = createPool(testDatabase().appUrl, { max: 3 });
});
afterAll(async () => pool.end());

async function rule() {
  const { org, owner } = await createTestOrganization(pool);
  const machine = await withPlatform(pool, (db) => insertMachine(db, { orgId: org.id, name: 'Mill', description: null, location: null }));
  return withTenant(pool, org.id, async (db) => {
    const id = await insertAlertRule(db, org.id, null, {
      name: 'Hot',
      description: null,
      ruleType: 'threshold',
      machineId: machine.id,
      expression: { tag: 't', operator: '>', threshold: 1, duration: 0, noDataMinutes: 5, deviationSigma: 3 },
      severity: 'high',
      channels: [
        { type: 'email', target: owner.email, enabled: true },
        { type: 'slack', target: 'https://hooks.slack.com/x', enabled: false },
      ],
      enabled: true,
      cooldownMinutes: 5,
    });
    return ruleForEvaluation((await findAlertRule(db, org.id, id))!)!;
  });
}

const firing = (at: number): EvaluationResult => ({
  state: { state: 'firing', pendingSince: at, lastFiredAt: at, lastPointTs: at },
  transitions: [{ kind: 'triggered', at, value: 5, dedupeKey: `triggered:${new Date(at).toISOString()}` }],
});
const sql = <T extends object>(text: string, values: unknown[]) => withPlatform(pool, async (db) => (await db.query<T & Record<string, unknown>>(text, values)).rows);

describe('recording an evaluation', () => {
  it('writes state, event and one delivery per enabled channel, by compare-and-set on the version it read', async () => {
    const r = await rule();
    const first = await recordEvaluation(pool, r, 0, firing(1000));
    expect(first).toMatchObject({ version: 1, deliveries: [{ orgId: r.orgId, channelIndex: 0 }] });
    // A writer that computed from version 0 too (a second worker) writes nothing at all, not even its other event.
    expect(await recordEvaluation(pool, r, 0, firing(2000))).toBeNull();
    expect(await sql('SELECT state, dedupe_key FROM alert_events WHERE alert_id = $1', [r.id])).toEqual([
      { state: 'triggered', dedupe_key: `triggered:${new Date(1000).toISOString()}` },
    ]);
    const state = await withTenant(pool, r.orgId, (db) => loadRuleState(db, r.orgId, r.id));
    expect(state).toMatchObject({ state: 'firing', version: 1, last_point_ts: new Date(1000) });
  });

  it('records a transition already recorded (same key) once, with no second delivery', async () => {
    const r = await rule();
    await recordEvaluation(pool, r, 0, firing(1000));
    const again = await recordEvaluation(pool, r, 1, firing(1000));
    expect(again).toEqual({ version: 2, deliveries: [] });
    expect(await sql('SELECT count(*)::int AS n FROM notification_deliveries d JOIN alert_events e ON e.id = d.event_id WHERE e.alert_id = $1', [r.id])).toEqual([
      { n: 1 },
    ]);
    expect(await recordEvaluation(pool, r, 2, { state: INITIAL_EVALUATION_STATE, transitions: [] })).toEqual({ version: 3, deliveries: [] });
  });
});
