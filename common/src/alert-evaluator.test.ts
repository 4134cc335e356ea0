import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compareValue,
  evaluateNoData,
  evaluateNoDataSeries,
  evaluatePoints,
  INITIAL_EVALUATION_STATE,
  orderPoints,
  type AlertTransition,
  type EvaluatedRule,
  type EvaluationState,
  type SeriesPoint,
} from './alert-evaluator';
import { ALERT_OPERATORS, DEVIATION_WINDOW, type AlertOperator } from './alerts-contract';

const S = 1000;
const MIN = 60 * S;

function rule(partial: Partial<EvaluatedRule['expression']> & { ruleType?: EvaluatedRule['ruleType']; cooldownMinutes?: number }): EvaluatedRule {
  const { ruleType = 'threshold', cooldownMinutes = 0, ...expression } = partial;
  return {
    ruleType,
    cooldownMinutes,
    expression: { tag: 't', operator: '>', threshold: 0, duration: 0, noDataMinutes: 1, deviationSigma: 3, ...expression },
  };
}

const points = (...pairs: [number, number | null][]): SeriesPoint[] => pairs.map(([ts, value]) => ({ ts, value }));
const summary = (ts: AlertTransition[]) => ts.map((t) => `${t.kind}@${t.at}`);

// Generators: values on a coarse grid of seconds so that durations and cooldowns (in s and min) matter.
const valueArb = fc.oneof({ weight: 9, arbitrary: fc.integer({ min: -10, max: 10 }) }, { weight: 1, arbitrary: fc.constant(null) });
const seriesArb = (maxLength = 60) =>
  fc
    .uniqueArray(fc.integer({ min: 0, max: 1200 }), { maxLength })
    .chain((seconds) => fc.tuple(...seconds.map(() => valueArb)).map((values) => seconds.map((s, i) => ({ ts: s * S, value: values[i]! }))));
const thresholdRuleArb = fc.record({
  operator: fc.constantFrom<AlertOperator>(...ALERT_OPERATORS),
  threshold: fc.integer({ min: -5, max: 5 }),
  duration: fc.integer({ min: 0, max: 60 }),
  cooldownMinutes: fc.integer({ min: 0, max: 4 }),
});

/** Splits a sorted series into consecutive chunks at the given cut points. */
function chunks<T>(items: T[], cuts: number[]): T[][] {
  const at = [...new Set(cuts.map((c) => c % (items.length + 1)))].sort((a, b) => a - b);
  const out: T[][] = [];
  let from = 0;
  for (const cut of [...at, items.length]) {
    out.push(items.slice(from, cut));
    from = cut;
  }
  return out;
}

/** Evaluates a series chunk by chunk, each call getting every earlier value as history (what paging does). */
function evaluateInChunks(r: EvaluatedRule, series: SeriesPoint[], cuts: number[]) {
  const sorted = orderPoints(series);
  let state: EvaluationState = INITIAL_EVALUATION_STATE;
  const transitions: AlertTransition[] = [];
  let done = 0;
  for (const chunk of chunks(sorted, cuts)) {
    const result = evaluatePoints(r, state, sorted.slice(0, done + chunk.length));
    done += chunk.length;
    state = result.state;
    transitions.push(...result.transitions);
  }
  return { state, transitions };
}

/**
 * Reference for threshold rules, built differently from the state machine: split the sorted numeric values into
 * runs where the condition holds; a run fires at its first value that is `duration` past the run's start and
 * `cooldown` past the previous firing; a fired run resolves at the first value after it.
 */
function referenceThreshold(r: EvaluatedRule, series: SeriesPoint[]): string[] {
  const numeric = orderPoints(series).filter((p): p is { ts: number; value: number } => p.value !== null);
  const out: string[] = [];
  let lastFire: number | null = null;
  let i = 0;
  while (i < numeric.length) {
    if (!compareValue(r.expression.operator, numeric[i]!.value, r.expression.threshold)) {
      i += 1;
      continue;
    }
    const start = numeric[i]!.ts;
    let end = i;
    while (end < numeric.length && compareValue(r.expression.operator, numeric[end]!.value, r.expression.threshold)) end += 1;
    const firing = numeric
      .slice(i, end)
      .find((p) => p.ts - start >= r.expression.duration * S && (lastFire === null || p.ts - lastFire >= r.cooldownMinutes * MIN));
    if (firing) {
      out.push(`triggered@${firing.ts}`);
      lastFire = firing.ts;
      if (end < numeric.length) out.push(`resolved@${numeric[end]!.ts}`);
    }
    i = end;
  }
  return out;
}

describe('threshold rules', () => {
  it('fire once the condition has held for the duration, once per episode, and resolve when it clears', () => {
    const r = rule({ operator: '>', threshold: 80, duration: 10 });
    const result = evaluatePoints(r, INITIAL_EVALUATION_STATE, points([0, 85], [5 * S, 90], [10 * S, 91], [15 * S, 95], [20 * S, 70], [25 * S, 82]));
    expect(summary(result.transitions)).toEqual(['triggered@10000', 'resolved@20000']);
    expect(result.transitions[0]).toMatchObject({ value: 91, dedupeKey: `triggered:${new Date(0).toISOString()}` });
    expect(result.state).toMatchObject({ state: 'pending', pendingSince: 25 * S, lastFiredAt: 10 * S, lastPointTs: 25 * S });
  });

  it('stay pending through the cooldown and fire at the first value after it', () => {
    const r = rule({ operator: '>=', threshold: 1, cooldownMinutes: 5 });
    const result = evaluatePoints(r, INITIAL_EVALUATION_STATE, points([0, 1], [MIN, 0], [2 * MIN, 1], [4 * MIN, 2], [5 * MIN, 3]));
    expect(summary(result.transitions)).toEqual(['triggered@0', 'resolved@60000', 'triggered@300000']);
  });

  it('agree with the run-based reference for any series and rule', () => {
    fc.assert(
      fc.property(thresholdRuleArb, seriesArb(), (params, series) => {
        const r = rule(params);
        expect(summary(evaluatePoints(r, INITIAL_EVALUATION_STATE, series).transitions)).toEqual(referenceThreshold(r, series));
      }),
    );
  });

  it('every firing held for its duration and respects the cooldown; triggered and resolved alternate', () => {
    fc.assert(
      fc.property(thresholdRuleArb, seriesArb(), (params, series) => {
        const r = rule(params);
        const { transitions } = evaluatePoints(r, INITIAL_EVALUATION_STATE, series);
        const numeric = orderPoints(series).filter((p) => p.value !== null) as { ts: number; value: number }[];
        let previousFire: number | null = null;
        transitions.forEach((t, k) => {
          expect(t.kind).toBe(k % 2 === 0 ? 'triggered' : 'resolved');
          const start = Date.parse(t.dedupeKey.slice(t.dedupeKey.indexOf(':') + 1));
          if (t.kind === 'resolved') {
            expect(compareValue(r.expression.operator, t.value!, r.expression.threshold)).toBe(false);
            expect(transitions[k - 1]!.dedupeKey).toBe(`triggered:${new Date(start).toISOString()}`);
            return;
          }
          expect(t.at - start).toBeGreaterThanOrEqual(r.expression.duration * S);
          if (previousFire !== null) expect(t.at - previousFire).toBeGreaterThanOrEqual(r.cooldownMinutes * MIN);
          previousFire = t.at;
          for (const p of numeric.filter((p) => p.ts >= start && p.ts <= t.at))
            expect(compareValue(r.expression.operator, p.value, r.expression.threshold)).toBe(true);
        });
      }),
    );
  });
});

describe('order, duplicates and re-runs', () => {
  it('shuffled and duplicated input gives the same result as sorted input', () => {
    fc.assert(
      fc.property(
        thresholdRuleArb,
        seriesArb().chain((s) => fc.tuple(fc.constant(s), fc.shuffledSubarray([...s, ...s], { minLength: 2 * s.length }))),
        (params, [series, shuffled]) => {
          const r = rule(params);
          expect(evaluatePoints(r, INITIAL_EVALUATION_STATE, shuffled)).toEqual(evaluatePoints(r, INITIAL_EVALUATION_STATE, series));
        },
      ),
    );
  });

  it('evaluating any of the same values again (a job run twice) changes nothing', () => {
    fc.assert(
      fc.property(
        thresholdRuleArb,
        fc.constantFrom<EvaluatedRule['ruleType']>('threshold', 'deviation'),
        seriesArb().chain((s) => fc.tuple(fc.constant(s), fc.subarray(s))),
        (params, ruleType, [series, again]) => {
          const r = rule({ ...params, ruleType, deviationSigma: 1 });
          const first = evaluatePoints(r, INITIAL_EVALUATION_STATE, series);
          const second = evaluatePoints(r, first.state, again);
          expect(second.transitions).toEqual([]);
          expect(second.state).toEqual(first.state);
        },
      ),
    );
  });

  it('values older than the last evaluated one (late arrivals) are ignored for transitions', () => {
    const r = rule({ operator: '>', threshold: 5 });
    const first = evaluatePoints(r, INITIAL_EVALUATION_STATE, points([10 * S, 1], [20 * S, 2]));
    const late = evaluatePoints(r, first.state, points([15 * S, 99], [5 * S, 99]));
    expect(late.transitions).toEqual([]);
    expect(late.state).toEqual(first.state);
    expect(summary(evaluatePoints(r, late.state, points([15 * S, 99], [25 * S, 99])).transitions)).toEqual(['triggered@25000']);
  });

  it('evaluation in consecutive pages (with history) equals one pass, for threshold and deviation rules', () => {
    fc.assert(
      fc.property(
        thresholdRuleArb,
        fc.constantFrom<EvaluatedRule['ruleType']>('threshold', 'deviation'),
        fc.double({ min: 0, max: 3, noNaN: true }),
        seriesArb(80),
        fc.array(fc.nat(), { maxLength: 6 }),
        (params, ruleType, sigma, series, cuts) => {
          const r = rule({ ...params, ruleType, deviationSigma: Math.round(sigma * 10) / 10 });
          const whole = evaluatePoints(r, INITIAL_EVALUATION_STATE, series);
          expect(evaluateInChunks(r, series, cuts)).toEqual(whole);
        },
      ),
    );
  });
});

/** Mean and population standard deviation of the window before `at`, computed the obvious way. */
function naiveWindow(history: { ts: number; value: number }[], at: number) {
  const inWindow = history.filter((p) => p.ts >= at - DEVIATION_WINDOW.minutes * MIN && p.ts < at).slice(-DEVIATION_WINDOW.maxValues);
  if (inWindow.length < DEVIATION_WINDOW.minValues) return null;
  const mean = inWindow.reduce((s, p) => s + p.value, 0) / inWindow.length;
  const variance = inWindow.reduce((s, p) => s + (p.value - mean) ** 2, 0) / inWindow.length;
  return { mean, standardDeviation: Math.sqrt(variance) };
}

describe('deviation rules', () => {
  const deviationSeriesArb = fc
    .uniqueArray(fc.integer({ min: 0, max: 3 * 3600 }), { minLength: 20, maxLength: 300 })
    .chain((seconds) =>
      fc
        .tuple(...seconds.map(() => fc.double({ min: 1e6 - 50, max: 1e6 + 50, noNaN: true })))
        .map((values) => seconds.sort((a, b) => a - b).map((s, i) => ({ ts: s * S, value: values[i]! }))),
    );

  it('judge each value against the mean and standard deviation of the hour before it, as a two-pass computation does', () => {
    fc.assert(
      fc.property(deviationSeriesArb, fc.integer({ min: 0, max: 30 }), (series, sigmaTenths) => {
        const sigma = sigmaTenths / 10;
        // Values whose distance lies within rounding of sigma·sd could go either way in either computation.
        const borderline = series.some((p, i) => {
          const w = naiveWindow(series.slice(0, i), p.ts);
          return w !== null && Math.abs(Math.abs(p.value - w.mean) - sigma * w.standardDeviation) < 1e-6;
        });
        fc.pre(!borderline);
        const r = rule({ ruleType: 'deviation', deviationSigma: sigma });
        const { transitions } = evaluatePoints(r, INITIAL_EVALUATION_STATE, series);
        let firing = false;
        const expected: string[] = [];
        series.forEach((p, i) => {
          const w = naiveWindow(series.slice(0, i), p.ts);
          if (!w) return;
          const holds = Math.abs(p.value - w.mean) > sigma * w.standardDeviation;
          if (holds && !firing) expected.push(`triggered@${p.ts}`);
          if (!holds && firing) expected.push(`resolved@${p.ts}`);
          firing = holds;
        });
        expect(summary(transitions)).toEqual(expected);
        for (const t of transitions) {
          const w = naiveWindow(series.filter((p) => p.ts < t.at), t.at)!;
          expect(t.mean).toBeCloseTo(w.mean, 6);
          expect(t.standardDeviation).toBeCloseTo(w.standardDeviation, 6);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('do not judge with fewer than 10 values in the window, and cap the window at the latest 1,000 values', () => {
    const r = rule({ ruleType: 'deviation', deviationSigma: 2 });
    const nine = Array.from({ length: 9 }, (_, i) => ({ ts: i * S, value: 10 }));
    expect(evaluatePoints(r, INITIAL_EVALUATION_STATE, [...nine, { ts: 9 * S, value: 1000 }]).transitions).toEqual([]);
    expect(summary(evaluatePoints(r, INITIAL_EVALUATION_STATE, [...nine, { ts: 9 * S, value: 10 }, { ts: 10 * S, value: 1000 }]).transitions)).toEqual([
      'triggered@10000',
    ]);
    // 1,000 values of 0 then 1,000 alternating 100/101: only the latter are in the window when 103 arrives.
    const old = Array.from({ length: 1000 }, (_, i) => ({ ts: i, value: 0 }));
    const recent = Array.from({ length: 1000 }, (_, i) => ({ ts: 1000 + i, value: 100 + (i % 2) }));
    const history: EvaluationState = { ...INITIAL_EVALUATION_STATE, lastPointTs: 1999 };
    const result = evaluatePoints(r, history, [...old, ...recent, { ts: 2000, value: 103 }]);
    expect(result.transitions[0]).toMatchObject({ kind: 'triggered', mean: 100.5, standardDeviation: 0.5 });
  });
});

describe('no_data rules', () => {
  const r = rule({ ruleType: 'no_data', noDataMinutes: 10, cooldownMinutes: 0 });

  it('fire when the silence reaches the limit, at that moment however late the check runs, and resolve with the next value', () => {
    const seen = (now: number, lastValueAt: number | null) => ({ now, lastValueAt, armedAt: 0 });
    const early = evaluateNoData(r, INITIAL_EVALUATION_STATE, seen(9 * MIN, MIN));
    expect(early.transitions).toEqual([]);
    expect(summary(evaluateNoData(r, early.state, seen(11 * MIN, MIN)).transitions)).toEqual([`triggered@${11 * MIN}`]);
    expect(evaluateNoData(r, early.state, seen(11 * MIN - 1, MIN)).transitions).toEqual([]);
    const late = evaluateNoData(r, early.state, seen(30 * MIN, MIN));
    expect(late.transitions).toEqual([{ kind: 'triggered', at: 11 * MIN, value: null, dedupeKey: `triggered:${new Date(MIN).toISOString()}` }]);
    expect(evaluateNoData(r, late.state, seen(31 * MIN, MIN)).transitions).toEqual([]);
    const back = evaluateNoData(r, late.state, seen(32 * MIN, 31 * MIN));
    expect(summary(back.transitions)).toEqual([`resolved@${31 * MIN}`]);
    expect(back.state.state).toBe('ok');
  });

  it('count silence from when the rule was armed when the tag never sent a value', () => {
    const result = evaluateNoData(r, INITIAL_EVALUATION_STATE, { now: 20 * MIN, lastValueAt: null, armedAt: 5 * MIN });
    expect(summary(result.transitions)).toEqual([`triggered@${15 * MIN}`]);
  });

  const arrivalsArb = fc.uniqueArray(fc.integer({ min: 1, max: 180 }), { maxLength: 25 }).map((m) => m.sort((a, b) => a - b).map((x) => x * MIN));
  const checksArb = fc.uniqueArray(fc.integer({ min: 1, max: 200 * 60 }), { maxLength: 80 }).map((s) => s.sort((a, b) => a - b).map((x) => x * S));

  /** The schedule: a check at each clock time, seeing the newest value that had arrived by then. */
  function sweep(rr: EvaluatedRule, arrivals: number[], checks: number[], twice = false) {
    let state = INITIAL_EVALUATION_STATE;
    const transitions: AlertTransition[] = [];
    for (const now of checks) {
      const arrived = arrivals.filter((a) => a <= now);
      for (let k = 0; k < (twice ? 2 : 1); k += 1) {
        const result = evaluateNoData(rr, state, { now, lastValueAt: arrived.at(-1) ?? null, armedAt: 0 });
        state = result.state;
        transitions.push(...result.transitions);
      }
    }
    return transitions;
  }

  it('with any clock schedule: never fires early, fires at silence start + limit, checks run twice record nothing new', () => {
    fc.assert(
      fc.property(arrivalsArb, checksArb, fc.integer({ min: 0, max: 30 }), (arrivals, checks, cooldownMinutes) => {
        const rr = { ...r, cooldownMinutes };
        const transitions = sweep(rr, arrivals, checks);
        expect(sweep(rr, arrivals, checks, true)).toEqual(transitions);
        let previousFire: number | null = null;
        for (const t of transitions.filter((x) => x.kind === 'triggered')) {
          const start = Date.parse(t.dedupeKey.slice('triggered:'.length));
          expect(t.at).toBeGreaterThanOrEqual(start + 10 * MIN);
          if (previousFire === null || previousFire + cooldownMinutes * MIN <= start + 10 * MIN) expect(t.at).toBe(start + 10 * MIN);
          else expect(t.at).toBe(previousFire + cooldownMinutes * MIN);
          // Nothing arrived between the silence's start and the firing.
          expect(arrivals.some((a) => a > start && a <= t.at)).toBe(false);
          expect(checks.some((c) => c >= t.at)).toBe(true);
          previousFire = t.at;
        }
      }),
    );
  });

  it('what the schedule records is what the replay over the same values (the backtest) records', () => {
    fc.assert(
      fc.property(arrivalsArb, fc.integer({ min: 0, max: 30 }), (arrivals, cooldownMinutes) => {
        const rr = { ...r, cooldownMinutes };
        // A check every 30 s, and one right before and after each arrival, sees every episode.
        const checks = [...new Set([...Array.from({ length: 400 }, (_, i) => i * 30 * S), ...arrivals.flatMap((a) => [a - 1, a])])].sort((a, b) => a - b);
        const live = sweep(rr, arrivals, checks).map((t) => `${t.kind}@${t.at}:${t.dedupeKey}`);
        const replay = evaluateNoDataSeries(rr, INITIAL_EVALUATION_STATE, points(...arrivals.map((a): [number, null] => [a, null])), 0, checks.at(-1));
        expect(replay.transitions.map((t) => `${t.kind}@${t.at}:${t.dedupeKey}`)).toEqual(live);
      }),
    );
  });
});
