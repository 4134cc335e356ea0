/** Runs `worker` on `concurrency` parallel loops until `seconds` have passed; returns the summed units per second. */
export async function throughput(concurrency: number, seconds: number, worker: (loop: number) => Promise<number>): Promise<number> {
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const totals = await Promise.all(
    Array.from({ length: concurrency }, async (_, loop) => {
      let units = 0;
      while (performance.now() < deadline) units += await worker(loop);
      return units;
    }),
  );
  return totals.reduce((a, b) => a + b, 0) / ((performance.now() - started) / 1000);
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export const round = (n: number, digits = 0) => Math.round(n * 10 ** digits) / 10 ** digits;
