import type uPlot from 'uplot';

export interface FiringMarker {
  /** Epoch seconds (the chart's x unit). */
  at: number;
  value: number | null;
}

/**
 * Draws a backtest onto the tag's chart: a dashed line at the threshold (threshold rules) and, for each time the rule
 * would have fired, a vertical line with a dot on the value that made it fire.
 */
export function firingMarkersPlugin(firings: readonly FiringMarker[], threshold: number | null, color: string): uPlot.Plugin {
  return {
    hooks: {
      draw: (u) => {
        const { left, top, width, height } = u.bbox;
        const ctx = u.ctx;
        const px = devicePixelRatio;
        ctx.save();
        ctx.beginPath();
        ctx.rect(left, top, width, height);
        ctx.clip();
        ctx.strokeStyle = color;
        ctx.fillStyle = color;
        ctx.lineWidth = 1.5 * px;
        if (threshold !== null) {
          const y = u.valToPos(threshold, 'y', true);
          ctx.setLineDash([6 * px, 4 * px]);
          ctx.beginPath();
          ctx.moveTo(left, y);
          ctx.lineTo(left + width, y);
          ctx.stroke();
        }
        ctx.setLineDash([2 * px, 3 * px]);
        for (const firing of firings) {
          const x = u.valToPos(firing.at, 'x', true);
          ctx.beginPath();
          ctx.moveTo(x, top);
          ctx.lineTo(x, top + height);
          ctx.stroke();
          if (firing.value === null) continue;
          ctx.beginPath();
          ctx.arc(x, u.valToPos(firing.value, 'y', true), 4 * px, 0, 2 * Math.PI);
          ctx.fill();
        }
        ctx.restore();
      },
    },
  };
}
