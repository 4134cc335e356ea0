import { createRoot } from 'react-dom/client';
import type uPlot from 'uplot';
import { readChartColors } from '../../src/charts/chart-colors';
import { lineChartOptions } from '../../src/charts/line-options';
import { SeriesBuffer } from '../../src/charts/series-buffer';
import { UPlotChart, type UPlotChartHandle } from '../../src/charts/UPlotChart';
import '../../src/ui/theme.css';

// A page for chart.browser.test.ts: the real wrapper, options and buffer, without the app around them, so one
// chart can be given 100,000 points and timed.

export interface LabResult {
  /** From mounting to the end of the first draw. */
  firstDrawMs: number;
  /** Time to append the points to the buffer in 1,000-point batches. */
  appendMs: number;
  /** Duration of each redraw while points stream in. */
  redrawMs: number[];
  /** Intervals between animation frames while points stream in. */
  frameMs: number[];
  pointsShown: number;
}

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ?? 0;

async function run(points: number, streamMs: number): Promise<LabResult> {
  const buffer = new SeriesBuffer(points);
  const start = Date.now() / 1000 - points;
  const appendStarted = performance.now();
  for (let i = 0; i < points; i += 1000) {
    const t = Array.from({ length: 1000 }, (_, k) => start + i + k);
    buffer.append(t, t.map((time) => 50 + 20 * Math.sin(time / 300) + Math.random()));
  }
  const appendMs = performance.now() - appendStarted;

  const redrawMs: number[] = [];
  let drawStarted = 0;
  let firstDraw: () => void = () => undefined;
  const drawn = new Promise<void>((resolve) => (firstDraw = resolve));
  const timing: uPlot.Plugin = {
    hooks: {
      drawClear: () => {
        drawStarted = performance.now();
      },
      draw: () => {
        redrawMs.push(performance.now() - drawStarted);
        firstDraw();
      },
    },
  };
  const options = lineChartOptions({
    colors: readChartColors(),
    display: { timeZone: 'UTC', dateFormat: 'YYYY-MM-DD' },
    language: 'en',
    seriesLabel: 'lab',
    plugins: [timing],
  });
  const handle: { current: UPlotChartHandle | null } = { current: null };
  const mounted = performance.now();
  createRoot(document.getElementById('root')!).render(
    <div style={{ width: 1200 }}>
      <UPlotChart ref={(h) => void (handle.current = h)} options={options} data={buffer.data()} height={220} label="lab" />
    </div>,
  );
  await drawn;
  const firstDrawMs = performance.now() - mounted;
  redrawMs.length = 0;

  // Stream: 200 points every 20 ms onto the full buffer (the oldest go), drawn once per frame by the wrapper.
  const frameMs: number[] = [];
  let last = performance.now();
  let streaming = true;
  const frame = (now: number) => {
    frameMs.push(now - last);
    last = now;
    if (streaming) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  let next = start + points;
  const timer = setInterval(() => {
    const t = Array.from({ length: 200 }, (_, k) => next + k);
    next += 200;
    buffer.append(t, t.map((time) => 50 + 20 * Math.sin(time / 300)));
    handle.current!.setData(buffer.data());
  }, 20);
  await new Promise((resolve) => setTimeout(resolve, streamMs));
  clearInterval(timer);
  streaming = false;
  return { firstDrawMs, appendMs, redrawMs, frameMs, pointsShown: handle.current!.chart()!.data[0].length };
}

Object.assign(window, { chartLab: { run, percentile } });
