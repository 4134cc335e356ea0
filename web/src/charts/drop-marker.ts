import type uPlot from 'uplot';

/**
 * The spec's optional red dashed marker (part 1 §2): while `active()` says the newest point is stale, a dashed line
 * drops from it to zero and runs along zero to the right edge: nothing has arrived since.
 */
export function dropToZeroPlugin(active: () => boolean, color: string): uPlot.Plugin {
  return {
    hooks: {
      draw: (u) => {
        const times = u.data[0];
        const values = u.data[1];
        if (!values || times.length === 0 || !active()) return;
        const last = times.length - 1;
        const value = values[last];
        if (value == null) return;
        const x = u.valToPos(times[last]!, 'x', true);
        const y = u.valToPos(value, 'y', true);
        const zero = u.valToPos(0, 'y', true);
        const ctx = u.ctx;
        ctx.save();
        ctx.strokeStyle = color;
        ctx.lineWidth = 2 * devicePixelRatio;
        ctx.setLineDash([6 * devicePixelRatio, 4 * devicePixelRatio]);
        ctx.beginPath();
        ctx.moveTo(x, y);
        ctx.lineTo(x, zero);
        ctx.lineTo(u.bbox.left + u.bbox.width, zero);
        ctx.stroke();
        ctx.restore();
      },
    },
  };
}
