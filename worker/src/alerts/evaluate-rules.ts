import {
  DEVIATION_WINDOW,
  evaluateNoData,
  evaluateSeries,
  type AlertEvaluatePayload,
  type EvaluationState,
  type NotificationDeliverPayload,
} from '@taktwerk/common';
import {
  firstValueReceivedSince,
  latestTagValueTime,
  listEnabledNoDataRules,
  listEnabledRulesForTags,
  loadRuleState,
  walkTagPoints,
  withPlatform,
  withTenant,
  type Pool,
} from '@taktwerk/db';
import type { Logger } from 'pino';
import { recordEvaluation } from './record';
import { ruleForEvaluation, stateFromRow, type RuleForEvaluation } from './rule';

/** Values read per page (and per state write): bounds memory whatever the backlog. */
export const EVALUATION_PAGE_SIZE = 5000;
/** A freshly armed rule looks at values sent since, but not at values timed more than a day before it was armed. */
const FRESH_LOOKBACK_MS = 86_400_000;
/** Compare-and-set rounds lost to other writers before the job gives up and is retried by BullMQ. */
const MAX_ROUNDS = 5;

interface EvaluationDeps {
  pool: Pool;
  logger: Logger;
}

export interface EvaluationOutcome {
  rules: number;
  deliveries: NotificationDeliverPayload[];
}

class StateKeptChanging extends Error {}

/** Where evaluation goes on: after the last evaluated value; for a rule that evaluated none, see below. */
async function startAfter(pool: Pool, r: RuleForEvaluation, state: EvaluationState, armedAt: number): Promise<number | null> {
  if (state.lastPointTs !== null) return state.lastPointTs;
  // A no_data rule counts silence from when it was armed: values before do not matter.
  if (r.rule.ruleType === 'no_data') return armedAt - 1;
  // Other rules start with the first value received since they were armed. Not with the batch of the job at hand:
  // jobs of earlier batches may run later (two workers), and their values would then count as already seen.
  const first = await firstValueReceivedSince(pool, { machineId: r.machineId, tag: r.rule.expression.tag, since: armedAt, notBefore: armedAt - FRESH_LOOKBACK_MS });
  return first === null ? null : first - 1;
}

/**
 * One rule over every value of its tag it has not evaluated yet, page by page, each page's outcome written by
 * compare-and-set. Losing the race to another worker just means re-reading its state and going on from there.
 */
async function evaluateRule(pool: Pool, r: RuleForEvaluation): Promise<NotificationDeliverPayload[]> {
  const deliveries: NotificationDeliverPayload[] = [];
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    const row = await withTenant(pool, r.orgId, (db) => loadRuleState(db, r.orgId, r.id));
    if (!row) return deliveries; // deleted meanwhile
    const armedAt = row.armed_at.getTime();
    let version = row.version;
    let state: EvaluationState = stateFromRow(row);
    const after = await startAfter(pool, r, state, armedAt);
    if (after === null) return deliveries;
    // The evaluator takes values up to lastPointTs as seen (deviation history). Not for no_data: there it is the
    // time of a real value, where silence starts.
    if (r.rule.ruleType !== 'no_data') state = { ...state, lastPointTs: after };
    const walk = walkTagPoints(pool, {
      machineId: r.machineId,
      tag: r.rule.expression.tag,
      after,
      pageSize: EVALUATION_PAGE_SIZE,
      history: r.rule.ruleType === 'deviation' ? { spanMs: DEVIATION_WINDOW.minutes * 60_000, maxValues: DEVIATION_WINDOW.maxValues } : undefined,
    });
    let lost = false;
    for await (const { history, page } of walk) {
      const result = evaluateSeries(r.rule, state, [...history, ...page], { armedAt });
      const saved = await recordEvaluation(pool, r, version, result);
      if (!saved) {
        lost = true;
        break;
      }
      version = saved.version;
      state = result.state;
      deliveries.push(...saved.deliveries);
    }
    if (!lost) return deliveries;
  }
  throw new StateKeptChanging(`alert rule ${r.id}: its state kept changing under evaluation`);
}

/** alert.evaluate: the enabled rules of the batch's machine watching its tags. */
export async function evaluateBatch(deps: EvaluationDeps, payload: AlertEvaluatePayload): Promise<EvaluationOutcome> {
  const rows = await withTenant(deps.pool, payload.orgId, (db) => listEnabledRulesForTags(db, payload.orgId, payload.machineId, payload.tags));
  const deliveries: NotificationDeliverPayload[] = [];
  for (const row of rows) {
    const r = ruleForEvaluation(row);
    if (!r) {
      deps.logger.error({ ruleId: row.id }, 'alert rule has an unreadable expression; not evaluated');
      continue;
    }
    deliveries.push(...(await evaluateRule(deps.pool, r)));
  }
  return { rules: rows.length, deliveries };
}

/** One no_data rule at `now`: its tag's newest value against the clock. */
async function checkNoData(pool: Pool, r: RuleForEvaluation, now: number): Promise<NotificationDeliverPayload[]> {
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    const row = await withTenant(pool, r.orgId, (db) => loadRuleState(db, r.orgId, r.id));
    if (!row) return [];
    const state = stateFromRow(row);
    const lastValueAt = await latestTagValueTime(pool, r.machineId, r.rule.expression.tag);
    const result = evaluateNoData(r.rule, state, { now, lastValueAt, armedAt: row.armed_at.getTime() });
    // Most checks change nothing; they then write nothing either.
    if (result.transitions.length === 0 && JSON.stringify(result.state) === JSON.stringify(state)) return [];
    const saved = await recordEvaluation(pool, r, row.version, result);
    if (saved) return saved.deliveries;
  }
  throw new StateKeptChanging(`alert rule ${r.id}: its state kept changing under the no-data check`);
}

/**
 * alert.no-data-sweep: every organization's enabled no_data rules against the clock `now` (the platform path; each
 * rule's writes go through its own tenant). One failing rule does not stop the others; they are counted.
 */
export async function sweepNoData(deps: EvaluationDeps, now: number): Promise<EvaluationOutcome & { failed: number }> {
  const rows = await withPlatform(deps.pool, listEnabledNoDataRules);
  const deliveries: NotificationDeliverPayload[] = [];
  let failed = 0;
  for (const row of rows) {
    const r = ruleForEvaluation(row);
    if (!r) continue;
    try {
      deliveries.push(...(await checkNoData(deps.pool, r, now)));
    } catch (err) {
      failed += 1;
      deps.logger.warn({ ruleId: row.id, err: err instanceof Error ? err.message : String(err) }, 'no-data check failed');
    }
  }
  return { rules: rows.length, deliveries, failed };
}
