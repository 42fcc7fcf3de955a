import { useEffect, useRef, type RefObject } from 'react';
import type uPlot from 'uplot';

/** Canvas drawing is there in browsers, not in the component tests' DOM (where each chart's table says the same). */
export function canDrawCharts(): boolean {
  if (typeof navigator !== 'undefined' && /jsdom/i.test(navigator.userAgent)) return false;
  try {
    return Boolean(document.createElement('canvas').getContext('2d'));
  } catch {
    return false;
  }
}

const cssVar = (name: string, fallback: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;

/** The theme's colours as the chart reads them when it draws (light or dark), and the axis style built from them. */
export interface ChartTheme {
  text: string;
  grid: string;
  accent: string;
  strong: string;
  axis: { stroke: string; grid: { stroke: string; width: number }; ticks: { stroke: string; width: number } };
}

const themeNow = (): ChartTheme => {
  const text = cssVar('--text-muted', '#64748b');
  const grid = cssVar('--border', '#e2e8f0');
  return {
    text,
    grid,
    accent: cssVar('--primary', '#2563eb'),
    strong: cssVar('--border-strong', '#c9cfd8'),
    axis: { stroke: text, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } },
  };
};

/** What a chart draws: uPlot's options (without the size, which follows the box) and its data. */
export type ChartSpec = { options: Omit<uPlot.Options, 'width' | 'height'>; data: uPlot.AlignedData };

/** The common options of the product's charts: no legend, no drag-zoom. */
export const baseChartOptions = { legend: { show: false }, cursor: { drag: { x: false, y: false } } } satisfies Partial<uPlot.Options>;

/** Bars of a series, as the product draws them (the theme's accent, 60 % opaque). */
export const barSeries = (UPlot: typeof uPlot, colour: string, size: [number, number] = [0.7, 40]): uPlot.Series => ({
  stroke: colour,
  fill: `${colour}99`,
  width: 0,
  paths: UPlot.paths.bars?.({ size }),
  points: { show: false },
});

/**
 * Draws a uPlot chart into `box` — uPlot and its CSS loaded on first use, in their own chunk — sized to the box's width
 * and redrawn on resize. `build` is read when `key` changes (the data, the language), so it may close over the latest
 * render's values; it returns null when there is nothing to draw.
 */
export function useUplot(
  box: RefObject<HTMLDivElement | null>,
  key: string,
  height: number,
  build: (UPlot: typeof uPlot, theme: ChartTheme) => ChartSpec | null,
) {
  const latest = useRef(build);
  latest.current = build;
  useEffect(() => {
    const el = box.current;
    if (!el || !canDrawCharts()) return;
    let disposed = false;
    let plot: uPlot | null = null;
    let observer: ResizeObserver | null = null;
    void Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(([{ default: UPlot }]) => {
      if (disposed) return;
      const spec = latest.current(UPlot, themeNow());
      if (!spec) return;
      plot = new UPlot({ ...spec.options, width: el.clientWidth || 320, height }, spec.data, el);
      observer = new ResizeObserver(() => plot?.setSize({ width: el.clientWidth || 320, height }));
      observer.observe(el);
    });
    return () => {
      disposed = true;
      observer?.disconnect();
      plot?.destroy();
    };
  }, [box, key, height]);
}
