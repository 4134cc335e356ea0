import { useEffect, useEffectEvent, useImperativeHandle, useRef, useState, type ReactNode, type Ref } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { cx } from '../ui/class-names';
import './charts.css';

/** Everything uPlot needs at creation except the size, which follows the container. */
export type UPlotOptions = Omit<uPlot.Options, 'width' | 'height'>;

/** Imperative access for feeds that stream faster than React should re-render (live charts). */
export interface UPlotChartHandle {
  /** Replaces the data; draws at the next animation frame, however often it is called before. */
  setData(data: uPlot.AlignedData): void;
  /** The chart, null before it is created and after unmount. */
  chart(): uPlot | null;
}

export interface UPlotChartProps {
  /**
   * Creation options. A new object destroys and recreates the chart, so memoize it (e.g. on theme and language);
   * data changes never recreate it.
   */
  options: UPlotOptions;
  /** Columnar data: x (epoch seconds) first, then one array per series. A new array is drawn with setData. */
  data: uPlot.AlignedData;
  /** Height in CSS pixels; the width is the container's. */
  height?: number;
  /** Accessible name: the canvas itself says nothing to a screen reader. */
  label: string;
  className?: string;
  /** Overlays drawn above the plot (tooltips, empty notices), positioned relative to the chart box. */
  children?: ReactNode;
  /** Runs after each creation; the function it returns runs before that chart is destroyed. */
  onCreate?: (chart: uPlot) => void | (() => void);
  ref?: Ref<UPlotChartHandle>;
}

export const DEFAULT_CHART_HEIGHT = 220;


/**
 * Charts with new data wait here for an animation frame. One frame draws charts (oldest request first) only until
 * its budget is spent and leaves the rest for the next: twenty charts fed by one socket message then share several
 * frames instead of making one long frame that blocks input.
 */
const FRAME_BUDGET_MS = 8;
const waiting = new Set<FrameScheduler>();
let frameRequested = false;

function drawWaiting(): void {
  frameRequested = false;
  const started = performance.now();
  for (const scheduler of waiting) {
    waiting.delete(scheduler);
    scheduler.draw();
    if (performance.now() - started >= FRAME_BUDGET_MS) break;
  }
  requestDrawing();
}

function requestDrawing(): void {
  if (frameRequested || waiting.size === 0) return;
  frameRequested = true;
  requestAnimationFrame(drawWaiting);
}

/** Holds one chart and its newest data; the data is drawn once per frame at most, however often it changes. */
class FrameScheduler {
  chart: uPlot | null = null;

  /** The newest data from either path (prop or handle): what a recreated chart starts with. */
  constructor(public latest: uPlot.AlignedData) {}

  setData(next: uPlot.AlignedData): void {
    if (next === this.latest && !waiting.has(this)) return;
    this.latest = next;
    waiting.add(this);
    requestDrawing();
  }

  draw(): void {
    this.chart?.setData(this.latest);
  }

  attach(chart: uPlot | null): void {
    this.chart = chart;
    waiting.delete(this);
  }
}

/**
 * The one uPlot wrapper (ARCHITECTURE.md): creates the chart once per options object, follows the container's width
 * with setSize, applies new data with setData at most once per animation frame and within a shared per-frame budget
 * (so twenty charts fed by a socket stay smooth), and destroys the chart on unmount.
 */
export function UPlotChart({ options, data, height = DEFAULT_CHART_HEIGHT, label, className, children, onCreate, ref }: UPlotChartProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const [scheduler] = useState(() => new FrameScheduler(data));
  const handleCreate = useEffectEvent((chart: uPlot) => onCreate?.(chart));

  useImperativeHandle(ref, () => ({ setData: (next) => scheduler.setData(next), chart: () => scheduler.chart }), [scheduler]);

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return undefined;
    const chart = new uPlot({ ...options, width: Math.max(1, host.clientWidth), height }, scheduler.latest, host);
    scheduler.attach(chart);
    const cleanup = handleCreate(chart);
    let lastWidth = host.clientWidth;
    const observer = new ResizeObserver(() => {
      const width = host.clientWidth;
      if (width === lastWidth || width === 0) return;
      lastWidth = width;
      chart.setSize({ width, height });
    });
    observer.observe(host);
    return () => {
      observer.disconnect();
      scheduler.attach(null);
      cleanup?.();
      chart.destroy();
    };
  }, [options, height, scheduler]);

  useEffect(() => scheduler.setData(data), [data, scheduler]);

  return (
    <div className={cx('chart', className)}>
      <div ref={hostRef} className="chart-canvas" role="img" aria-label={label} style={{ minHeight: height }} />
      {children}
    </div>
  );
}
