import { useMemo } from 'react';
import { useTheme } from '../app/theme';

/** Canvas colours of a chart: uPlot paints on a canvas, which cannot read CSS variables itself. */
export interface ChartColors {
  text: string;
  grid: string;
  axis: string;
  line: string;
  fill: string;
  danger: string;
  surface: string;
}

/** Reads the design tokens of the current theme (web/src/ui/theme.css) from the document. */
export function readChartColors(): ChartColors {
  const style = getComputedStyle(document.documentElement);
  const token = (name: string) => style.getPropertyValue(name).trim();
  return {
    text: token('--text-muted'),
    grid: token('--border'),
    axis: token('--border-strong'),
    line: token('--accent'),
    fill: token('--accent-soft'),
    danger: token('--danger'),
    surface: token('--surface'),
  };
}

/** The chart colours of the current theme; a new object (and so a recreated chart) when the theme switches. */
export function useChartColors(): ChartColors {
  const theme = useTheme();
  return useMemo(() => {
    void theme;
    return readChartColors();
  }, [theme]);
}
