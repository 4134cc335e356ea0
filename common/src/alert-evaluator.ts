import { DEVIATION_WINDOW, type AlertExpression, type AlertOperator, type AlertRuleState, type AlertRuleType } from './alerts-contract';

// The alert evaluator: pure functions, no I/O, no clock of their own. The worker runs them on freshly ingested points
// and on a schedule (no_data); the api's backtest runs the same functions over stored history, so both agree.
//
// Semantics, all in the time of the values (not of the machine running this):
// - A threshold or deviation rule's condition is judged at each value, in timestamp order. The first value that
//   meets it starts a pending episode; the rule fires at the first value meeting it at least `duration` seconds
//   after that start, unless it fired less than `cooldownMinutes` before — then it stays pending and fires at the
//   first value meeting the condition once the cooldown is over. A value that does not meet it ends the episode
//   (with a `resolved` event if it had fired).
// - Only values newer than state.lastPointTs change anything: older ones (late, out of order, or seen before) are
//   ignored for transitions, so evaluating the same points twice changes nothing. They still count as history for
//   the deviation window.
// - Values without a number (text tags) never meet a condition, but are seen (lastPointTs advances).
// - Events are identified by the start of their episode (`triggered:<start>`, `resolved:<start>`): the same
//   transition computed twice, by two workers or a job run twice, has the same key and is stored once.

export interface EvaluationState {
  state: AlertRuleState;
  /** Start of the current episode: the first value meeting the condition (no_data: the start of the silence). */
  pendingSince: number | null;
  lastFiredAt: number | null;
  /** Newest value already evaluated (epoch ms). */
  lastPointTs: number | null;
}

export const INITIAL_EVALUATION_STATE: EvaluationState = { state: 'ok', pendingSince: null, lastFiredAt: null, lastPointTs: null };

export interface EvaluatedRule {
  ruleType: AlertRuleType;
  expression: AlertExpression;
  cooldownMinutes: number;
}

/** One value of the rule's tag: epoch ms and the number (null for text). */
export interface SeriesPoint {
  ts: number;
  value: number | null;
}

export interface AlertTransition {
  kind: 'triggered' | 'resolved';
  /** When it happened: the value's time, or for no_data the moment the silence reached its limit. */
  at: number;
  value: number | null;
  dedupeKey: string;
  /** Deviation rules: the window the value was compared with. */
  mean?: number;
  standardDeviation?: number;
}

export interface EvaluationResult {
  state: EvaluationState;
  transitions: AlertTransition[];
}

const MINUTE_MS = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();
const keyOf = (kind: AlertTransition['kind'], episodeStart: number) => `${kind}:${iso(episodeStart)}`;

export function compareValue(operator: AlertOperator, value: number, threshold: number): boolean {
  switch (operator) {
    case '>':
      return value > threshold;
    case '<':
      return value < threshold;
    case '=':
      return value === threshold;
    case '!=':
      return value !== threshold;
    case '>=':
      return value >= threshold;
    case '<=':
      return value <= threshold;
  }
}

/** Sorted by time, one value per timestamp (storage keeps one per (machine, tag, ts); the first one given wins). */
export function orderPoints(points: readonly SeriesPoint[]): SeriesPoint[] {
  const sorted = points.map((p, i) => ({ p, i })).sort((a, b) => a.p.ts - b.p.ts || a.i - b.i);
  return sorted.filter((x, k) => k === 0 || sorted[k - 1]!.p.ts !== x.p.ts).map((x) => x.p);
}

/**
 * The deviation window: values of the last `minutes` before a time, at most `maxValues`. Running sums (shifted by a
 * reference value against cancellation, recomputed every `maxValues` removals against drift) judge most values
 * cheaply; a value whose distance lies within rounding of the limit, and every reported mean and deviation, use an
 * exact two-pass computation over the window's values. Both depend only on which values are in the window, not on
 * how it was filled, so evaluating page by page gives exactly what one pass gives.
 */
class DeviationWindow {
  private readonly ts: number[] = [];
  private readonly values: number[] = [];
  private head = 0;
  private shift = 0;
  private sum = 0;
  private sumSq = 0;
  private removals = 0;

  get size(): number {
    return this.ts.length - this.head;
  }

  add(ts: number, value: number): void {
    if (this.size === 0) this.shift = value;
    this.ts.push(ts);
    this.values.push(value);
    const d = value - this.shift;
    this.sum += d;
    this.sumSq += d * d;
    if (this.size > DEVIATION_WINDOW.maxValues) this.dropOldest();
  }

  /** Forgets values older than `from`. */
  keepFrom(from: number): void {
    while (this.size > 0 && this.ts[this.head]! < from) this.dropOldest();
  }

  /** Whether `value` lies more than sigma standard deviations from the mean; null with too few values. */
  deviates(value: number, sigma: number): boolean | null {
    const n = this.size;
    if (n < DEVIATION_WINDOW.minValues) return null;
    const mean = this.shift + this.sum / n;
    const sd = Math.sqrt(Math.max(0, this.sumSq / n - (this.sum / n) ** 2));
    const distance = Math.abs(value - mean);
    if (Math.abs(distance - sigma * sd) > 1e-7 * (Math.abs(value) + Math.abs(mean) + sd)) return distance > sigma * sd;
    const exact = this.exactStats();
    return Math.abs(value - exact.mean) > sigma * exact.standardDeviation;
  }

  exactStats(): { mean: number; standardDeviation: number } {
    let sum = 0;
    for (let i = this.head; i < this.values.length; i += 1) sum += this.values[i]!;
    const mean = sum / this.size;
    let squares = 0;
    for (let i = this.head; i < this.values.length; i += 1) squares += (this.values[i]! - mean) ** 2;
    return { mean, standardDeviation: Math.sqrt(squares / this.size) };
  }

  private dropOldest(): void {
    const d = this.values[this.head]! - this.shift;
    this.sum -= d;
    this.sumSq -= d * d;
    this.head += 1;
    this.removals += 1;
    if (this.removals >= DEVIATION_WINDOW.maxValues) this.recompute();
  }

  private recompute(): void {
    this.ts.splice(0, this.head);
    this.values.splice(0, this.head);
    this.head = 0;
    this.removals = 0;
    this.shift = this.values[0] ?? 0;
    this.sum = 0;
    this.sumSq = 0;
    for (const v of this.values) {
      this.sum += v - this.shift;
      this.sumSq += (v - this.shift) ** 2;
    }
  }
}

/** One judged value moves the state machine; transitions are appended. */
function step(
  rule: EvaluatedRule,
  state: EvaluationState,
  holds: boolean,
  point: { ts: number; value: number },
  extra: Pick<AlertTransition, 'mean' | 'standardDeviation'>,
  out: AlertTransition[],
): EvaluationState {
  if (!holds) {
    if (state.state === 'firing' && state.pendingSince !== null)
      out.push({ kind: 'resolved', at: point.ts, value: point.value, dedupeKey: keyOf('resolved', state.pendingSince), ...extra });
    return { ...state, state: 'ok', pendingSince: null };
  }
  if (state.state === 'firing') return state;
  const since = state.state === 'pending' && state.pendingSince !== null ? state.pendingSince : point.ts;
  const heldLongEnough = point.ts - since >= rule.expression.duration * 1000;
  const cooledDown = state.lastFiredAt === null || point.ts - state.lastFiredAt >= rule.cooldownMinutes * MINUTE_MS;
  if (!heldLongEnough || !cooledDown) return { ...state, state: 'pending', pendingSince: since };
  out.push({ kind: 'triggered', at: point.ts, value: point.value, dedupeKey: keyOf('triggered', since), ...extra });
  return { ...state, state: 'firing', pendingSince: since, lastFiredAt: point.ts };
}

/**
 * Threshold and deviation rules over a run of values. `points` may be unsorted and hold duplicates; those not newer
 * than state.lastPointTs only feed the deviation window (pass the window's history that way).
 */
export function evaluatePoints(rule: EvaluatedRule, state: EvaluationState, points: readonly SeriesPoint[]): EvaluationResult {
  if (rule.ruleType === 'no_data') return { state, transitions: [] };
  const window = rule.ruleType === 'deviation' ? new DeviationWindow() : null;
  const transitions: AlertTransition[] = [];
  let current = state;
  for (const point of orderPoints(points)) {
    const seen = current.lastPointTs !== null && point.ts <= current.lastPointTs;
    if (seen) {
      if (window && point.value !== null) window.add(point.ts, point.value);
      continue;
    }
    current = { ...current, lastPointTs: point.ts };
    if (point.value === null) continue;
    const judged = { ts: point.ts, value: point.value };
    if (!window) {
      const { operator, threshold } = rule.expression;
      current = step(rule, current, compareValue(operator, point.value, threshold), judged, {}, transitions);
      continue;
    }
    window.keepFrom(point.ts - DEVIATION_WINDOW.minutes * MINUTE_MS);
    const holds = window.deviates(point.value, rule.expression.deviationSigma);
    // Only a value that changes the state is reported with its window; the exact figures cost a pass over it.
    const moves = holds !== null && holds !== (current.state === 'firing');
    const stats = moves ? window.exactStats() : {};
    window.add(point.ts, point.value);
    if (holds === null) continue;
    current = step(rule, current, holds, judged, stats, transitions);
  }
  return { state: current, transitions };
}

export interface NoDataObservation {
  /** The clock of the check. */
  now: number;
  /** Time of the tag's newest value, null if it never sent one. */
  lastValueAt: number | null;
  /** Since when the rule watches (created, edited or enabled): silence is never counted from before it. */
  armedAt: number;
}

/**
 * A no_data rule at one moment: it fires once the tag has been silent for noDataMinutes — at the moment the
 * silence reached that length (or the cooldown ended), however late the check runs — and resolves with the next value.
 */
export function evaluateNoData(rule: EvaluatedRule, state: EvaluationState, seen: NoDataObservation): EvaluationResult {
  const transitions: AlertTransition[] = [];
  const silenceStart = Math.max(seen.lastValueAt ?? Number.NEGATIVE_INFINITY, seen.armedAt);
  let current: EvaluationState = { ...state, lastPointTs: seen.lastValueAt ?? state.lastPointTs };
  if (current.state === 'firing' && current.pendingSince !== null && silenceStart > current.pendingSince) {
    transitions.push({ kind: 'resolved', at: silenceStart, value: null, dedupeKey: keyOf('resolved', current.pendingSince) });
    current = { ...current, state: 'ok', pendingSince: null };
  }
  if (current.state === 'firing') return { state: current, transitions };
  const due = silenceStart + rule.expression.noDataMinutes * MINUTE_MS;
  if (seen.now < due) return { state: { ...current, state: 'ok', pendingSince: null }, transitions };
  const fireAt = current.lastFiredAt === null ? due : Math.max(due, current.lastFiredAt + rule.cooldownMinutes * MINUTE_MS);
  if (seen.now < fireAt) return { state: { ...current, state: 'pending', pendingSince: silenceStart }, transitions };
  transitions.push({ kind: 'triggered', at: fireAt, value: null, dedupeKey: keyOf('triggered', silenceStart) });
  return { state: { ...current, state: 'firing', pendingSince: silenceStart, lastFiredAt: fireAt }, transitions };
}

/**
 * A no_data rule replayed over a run of values, as if checked just before and just after each arrived (and at
 * `until`, if given): what the schedule would have seen with a check at every moment.
 */
export function evaluateNoDataSeries(
  rule: EvaluatedRule,
  state: EvaluationState,
  points: readonly SeriesPoint[],
  armedAt: number,
  until?: number,
): EvaluationResult {
  const transitions: AlertTransition[] = [];
  let current = state;
  for (const point of orderPoints(points)) {
    if (current.lastPointTs !== null && point.ts <= current.lastPointTs) continue;
    // Just before it arrived (a check at its very millisecond already sees it).
    const before = evaluateNoData(rule, current, { now: point.ts - 1, lastValueAt: current.lastPointTs, armedAt });
    const after = evaluateNoData(rule, before.state, { now: point.ts, lastValueAt: point.ts, armedAt });
    transitions.push(...before.transitions, ...after.transitions);
    current = after.state;
  }
  if (until !== undefined) {
    const last = evaluateNoData(rule, current, { now: until, lastValueAt: current.lastPointTs, armedAt });
    transitions.push(...last.transitions);
    current = last.state;
  }
  return { state: current, transitions };
}

/** Any rule over a run of values: the dispatch both live evaluation and the backtest use. */
export function evaluateSeries(
  rule: EvaluatedRule,
  state: EvaluationState,
  points: readonly SeriesPoint[],
  options: { armedAt: number; until?: number },
): EvaluationResult {
  return rule.ruleType === 'no_data'
    ? evaluateNoDataSeries(rule, state, points, options.armedAt, options.until)
    : evaluatePoints(rule, state, points);
}
