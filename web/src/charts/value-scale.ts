/** The spec's chart has 5 horizontal grid lines with 5 value labels (part 1 §2): 4 equal intervals. */
export const VALUE_GRID_LINES = 5;

const NICE_STEPS = [1, 2, 2.5, 5, 10];

function niceStep(raw: number): number {
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = NICE_STEPS.find((nice) => nice * magnitude >= raw - 1e-12 * magnitude) ?? 10;
  return step * magnitude;
}

/**
 * A value range of exactly 4 round intervals covering [min, max], so the 5 grid lines fall on readable numbers.
 * A flat series gets a band around its value; `includeZero` keeps 0 in view (the drop-to-zero marker).
 */
export function gridRange(min: number, max: number, includeZero = false): [number, number] {
  let lo = includeZero ? Math.min(0, min) : min;
  let hi = includeZero ? Math.max(0, max) : max;
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) return [0, VALUE_GRID_LINES - 1];
  if (lo === hi) {
    const pad = lo === 0 ? 1 : Math.abs(lo) * 0.1;
    lo -= pad;
    hi += pad;
  }
  const intervals = VALUE_GRID_LINES - 1;
  let step = niceStep((hi - lo) / intervals);
  for (;;) {
    const start = Math.floor(lo / step) * step;
    if (start + intervals * step >= hi - step * 1e-9) return [start, start + intervals * step];
    step = niceStep(step * 1.01);
  }
}

/** The 5 grid values of a range made by gridRange. */
export function gridTicks(min: number, max: number): number[] {
  const step = (max - min) / (VALUE_GRID_LINES - 1);
  return Array.from({ length: VALUE_GRID_LINES }, (_, i) => min + i * step);
}
