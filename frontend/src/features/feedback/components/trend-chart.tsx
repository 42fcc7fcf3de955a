import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';
import { ALL_NS } from '../../../locales/resources';

interface Point {
  date: string;
  average: number | null;
  count: number;
}

function canDraw(): boolean {
  if (typeof navigator !== 'undefined' && /jsdom/i.test(navigator.userAgent)) return false;
  try {
    return Boolean(document.createElement('canvas').getContext('2d'));
  } catch {
    return false;
  }
}
const cssVar = (name: string, fallback: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;

/**
 * Average rating per day as a line over the daily volume as bars (uPlot, loaded with this section only). Decorative
 * for screen readers: the visually hidden table holds the same numbers.
 */
export function TrendChart({ points }: { points: Point[] }) {
  const { t, i18n } = useTranslation(ALL_NS);
  const box = useRef<HTMLDivElement>(null);
  const data = useRef(points);
  data.current = points;
  const key = points.map((p) => `${p.date}:${p.average}:${p.count}`).join(',');

  useEffect(() => {
    const el = box.current;
    if (!el || !canDraw()) return;
    let disposed = false;
    let plot: { destroy: () => void; setSize: (s: { width: number; height: number }) => void } | null = null;
    let observer: ResizeObserver | null = null;
    void Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(([{ default: UPlot }]) => {
      if (disposed) return;
      const text = cssVar('--text-muted', '#64748b');
      const grid = cssVar('--border', '#e2e8f0');
      const accent = cssVar('--primary', '#2563eb');
      const bars = cssVar('--border-strong', '#c9cfd8');
      const axis = { stroke: text, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
      const pts = data.current;
      const xs = pts.map((_, i) => i);
      const maxCount = Math.max(1, ...pts.map((p) => p.count));
      plot = new UPlot(
        {
          width: el.clientWidth || 320,
          height: 240,
          legend: { show: false },
          cursor: { drag: { x: false, y: false } },
          scales: { x: { time: false, range: [-0.5, pts.length - 0.5] }, y: { range: [0, 5] }, n: { range: [0, maxCount * 1.2] } },
          axes: [
            {
              ...axis,
              values: (_u, splits) =>
                splits.map((s) =>
                  Number.isInteger(s) && pts[s]
                    ? new Date(`${pts[s].date}T00:00:00Z`).toLocaleDateString(i18n.language === 'hi' ? 'hi-IN' : 'en-IN', {
                        day: 'numeric',
                        month: 'short',
                        timeZone: 'UTC',
                      })
                    : '',
                ),
            },
            { ...axis, size: 32, splits: () => [0, 1, 2, 3, 4, 5] },
            { ...axis, scale: 'n', side: 1, size: 32, grid: { show: false } },
          ],
          series: [
            {},
            { scale: 'n', stroke: bars, fill: `${bars}88`, width: 0, paths: UPlot.paths.bars?.({ size: [0.6, 24] }), points: { show: false } },
            { stroke: accent, width: 2, spanGaps: true, points: { show: true, size: 5, fill: accent } },
          ],
        },
        [xs, pts.map((p) => p.count), pts.map((p) => p.average)],
        el,
      );
      observer = new ResizeObserver(() => plot?.setSize({ width: el.clientWidth || 320, height: 240 }));
      observer.observe(el);
    });
    return () => {
      disposed = true;
      observer?.disconnect();
      plot?.destroy();
    };
  }, [key, i18n.language]);

  return (
    <>
      <div ref={box} className="fb-chart" aria-hidden="true" data-testid="fb-trend-chart" />
      <table className="visually-hidden">
        <caption>{t('feedback:analytics.trendTable')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('feedback:analytics.date')}</th>
            <th scope="col">{t('feedback:analytics.average')}</th>
            <th scope="col">{t('feedback:analytics.count')}</th>
          </tr>
        </thead>
        <tbody>
          {points
            .filter((p) => p.count > 0)
            .map((p) => (
              <tr key={p.date}>
                <td>{formatDate(p.date, i18n.language)}</td>
                <td>{p.average ?? '—'}</td>
                <td>{p.count}</td>
              </tr>
            ))}
        </tbody>
      </table>
    </>
  );
}
