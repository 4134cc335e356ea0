import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import type uPlot from 'uplot';

/** A clicked point: its time (epoch seconds) and value. */
export interface PickedPoint {
  t: number;
  v: number;
}

/**
 * Click a point, get a tooltip (spec part 1 §2): the plugin picks the point nearest the click in time
 * and keeps the tooltip box over it on every redraw, so it follows the point while a live chart moves on.
 */
export function usePointTooltip() {
  const [picked, setPicked] = useState<PickedPoint | null>(null);
  const pickedRef = useRef(picked);
  const chartRef = useRef<uPlot | null>(null);
  const boxRef = useRef<HTMLDivElement>(null);

  const plugin = useMemo<uPlot.Plugin>(
    () => ({
      hooks: {
        ready: (u) => {
          chartRef.current = u;
          u.over.addEventListener('click', (event) => {
            if (u.data[0].length === 0) return;
            const idx = u.posToIdx(event.offsetX);
            const time = u.data[0][idx];
            const value = u.data[1]?.[idx];
            if (time != null && value != null) setPicked({ t: time, v: value });
          });
        },
        draw: (u) => place(u, pickedRef.current, boxRef.current),
        destroy: (u) => {
          if (chartRef.current === u) chartRef.current = null;
        },
      },
    }),
    [],
  );

  useLayoutEffect(() => {
    pickedRef.current = picked;
    if (chartRef.current) place(chartRef.current, picked, boxRef.current);
  }, [picked]);

  return { plugin, picked, boxRef, close: () => setPicked(null) };
}

/** Puts the box over the point, in CSS pixels relative to the chart wrapper (the box's offset parent). */
function place(u: uPlot, picked: PickedPoint | null, box: HTMLDivElement | null): void {
  if (!picked || !box?.offsetParent) return;
  const over = u.over.getBoundingClientRect();
  const parent = box.offsetParent.getBoundingClientRect();
  const x = Math.min(Math.max(u.valToPos(picked.t, 'x'), 0), over.width);
  const y = Math.min(Math.max(u.valToPos(picked.v, 'y'), 0), over.height);
  box.style.left = `${over.left - parent.left + x}px`;
  box.style.top = `${over.top - parent.top + y}px`;
}
