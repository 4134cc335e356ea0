import {
  ALERT_BACKTEST_MAX_FIRINGS,
  ALERT_BACKTEST_MAX_POINTS,
  ALERT_BACKTEST_RANGES,
  DEVIATION_WINDOW,
  evaluateSeries,
  INITIAL_EVALUATION_STATE,
  type AlertBacktestRange,
  type AlertBacktestResponse,
  type AlertTransition,
  type EvaluatedRule,
} from '@taktwerk/common';
import { walkTagPoints, withTenant } from '@taktwerk/db';
import type { AppDeps } from '../../context';
import type { Principal } from '../../http/principal';
import { ruleInputOf, type ParsedDraft } from './rule-input';

const PAGE_SIZE = 10_000;

/**
 * Would a rule (a draft, before saving) have fired over the last 24 h or 7 d? The same evaluator as the worker, over
 * the stored values, read page by page: as if the rule had been watching since the range began, with a fresh state.
 */
export async function backtestRule(
  deps: AppDeps,
  principal: Principal,
  draft: ParsedDraft,
  range: AlertBacktestRange,
  now = Date.now(),
): Promise<AlertBacktestResponse> {
  // Channels do not matter to a backtest.
  const input = await withTenant(deps.pool, principal.orgId, (db) => ruleInputOf(db, principal.orgId, draft, []));
  const rule: EvaluatedRule = input;
  const from = now - ALERT_BACKTEST_RANGES[range];
  const deviation = rule.ruleType === 'deviation';
  let state = rule.ruleType === 'no_data' ? INITIAL_EVALUATION_STATE : { ...INITIAL_EVALUATION_STATE, lastPointTs: from - 1 };
  const firings: AlertTransition[] = [];
  let count = 0;
  let evaluatedPoints = 0;
  let truncated = false;
  let pointsCapped = false;
  const collect = (transitions: AlertTransition[]) => {
    for (const t of transitions.filter((x) => x.kind === 'triggered')) {
      count += 1;
      if (firings.length < ALERT_BACKTEST_MAX_FIRINGS) firings.push(t);
      else truncated = true;
    }
  };
  // The machine was checked under the tenant above; ingested_values itself has no tenant to scope.
  const walk = walkTagPoints(deps.pool, {
    machineId: input.machineId,
    tag: input.expression.tag,
    after: from - 1,
    until: now,
    pageSize: PAGE_SIZE,
    history: deviation ? { spanMs: DEVIATION_WINDOW.minutes * 60_000, maxValues: DEVIATION_WINDOW.maxValues } : undefined,
  });
  for await (const { history, page } of walk) {
    const result = evaluateSeries(rule, state, [...history, ...page], { armedAt: from });
    state = result.state;
    collect(result.transitions);
    evaluatedPoints += page.length;
    if (evaluatedPoints >= ALERT_BACKTEST_MAX_POINTS) {
      pointsCapped = true;
      break;
    }
  }
  // A no_data rule may still fire in the silence after the last value.
  if (!pointsCapped) collect(evaluateSeries(rule, state, [], { armedAt: from, until: now }).transitions);
  return {
    range,
    from: new Date(from).toISOString(),
    to: new Date(now).toISOString(),
    firings: firings.map((t) => ({ at: new Date(t.at).toISOString(), value: t.value })),
    count,
    truncated: truncated || pointsCapped,
    evaluatedPoints,
  };
}
