import { useEffect, useRef } from 'react';
import { Empty, theme } from 'antd';
import uPlot from 'uplot';
// The library's own small stylesheet (cursor, legend), as text: the remote writes it beside the chart.
import uPlotCss from 'uplot/dist/uPlot.min.css?inline';

export interface BarChartProps {
  /** One point per category (a day, an hour), with one value per series. */
  data: { label: string; values: number[] }[];
  series: { name: string }[];
  /** Shown instead of an empty chart. */
  empty: string;
  height?: number;
}

/**
 * Bars drawn by uPlot (the smallest of the libraries compared, README "Charts"), in antd's theme
 * tokens, so light and dark follow the shell. Two series are grouped side by side. Loaded lazily by
 * the page (`React.lazy`): the library is its own chunk, fetched after the cards are shown.
 */
export default function BarChart({ data, series, empty, height = 180 }: BarChartProps) {
  const { token } = theme.useToken();
  const box = useRef<HTMLDivElement>(null);
  const hasData = data.some((d) => d.values.some((v) => v > 0));

  useEffect(() => {
    const el = box.current;
    if (!el || !hasData) return;
    const labels = data.map((d) => d.label);
    const colors = [token.colorPrimary, token.colorSuccess, token.colorWarning];
    const grouped = series.length > 1;
    const axis: uPlot.Axis = {
      stroke: token.colorTextSecondary,
      grid: { stroke: token.colorSplit, width: 1 },
      ticks: { show: false },
      font: `${token.fontSizeSM}px ${token.fontFamily}`,
    };
    const chart = new uPlot(
      {
        width: Math.max(el.clientWidth, 120),
        height,
        legend: { show: true },
        cursor: { points: { show: false }, drag: { x: false, y: false } },
        scales: { x: { time: false, range: [-0.5, data.length - 0.5] }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
        axes: [
          // Categories, not numbers: the index's label, never a half step.
          { ...axis, incrs: [1, 2, 3, 6, 7, 12, 15, 30], values: (_u, splits) => splits.map((i) => labels[i] ?? '') },
          { ...axis, size: 40, incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000] },
        ],
        series: [
          { label: '', value: (_u, raw) => (raw === null ? '' : (labels[raw] ?? '')) },
          ...series.map((s, i) => ({
            label: s.name,
            stroke: colors[i % colors.length],
            fill: colors[i % colors.length],
            width: 0,
            points: { show: false },
            // Side by side when two: the first ends at the category's tick, the second starts there.
            paths: uPlot.paths.bars!({ size: [grouped ? 0.4 : 0.7, 48], align: grouped ? (i === 0 ? -1 : 1) : 0, radius: 0.15 }),
          })),
        ],
      },
      [data.map((_, i) => i), ...series.map((_, s) => data.map((d) => d.values[s] ?? 0))],
      el,
    );
    // The legend's texts in the theme's colour (uPlot's stylesheet leaves them black).
    chart.root.style.color = token.colorText;
    const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(el.clientWidth, 120), height }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [data, series, height, hasData, token]);

  if (!hasData) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />;
  const summary = `${series.map((s) => s.name).join(', ')}: ${data.map((d) => `${d.label} ${d.values.join('/')}`).join('; ')}`;
  return (
    <>
      <style>{uPlotCss}</style>
      <div ref={box} role="img" aria-label={summary} data-testid="dashboard-chart" style={{ width: '100%' }} />
    </>
  );
}
