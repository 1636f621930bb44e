import { useEffect, useId, useRef } from 'react';
import { Empty, theme } from 'antd';
import { BarChart as Bars, type BarChartOptions } from 'chartist';
// The library's stylesheet (label layout, bar strokes), as text: the remote writes it beside the chart.
import chartistCss from 'chartist/dist/index.css?inline';

export interface BarChartProps {
  /** One point per category (a day, an hour), with one value per series. */
  data: { label: string; values: number[] }[];
  series: { name: string }[];
  /** Shown instead of an empty chart. */
  empty: string;
  height?: number;
}

/** Chartist names its series a, b, c… (`.ct-series-a`). */
const SERIES_CLASS = ['a', 'b', 'c'];

/**
 * Bars drawn by Chartist (SVG; the smallest of the libraries compared, README "Charts"), coloured with
 * antd's theme tokens so light and dark follow the shell. Two series stand side by side; each bar
 * tells its value on hover (an SVG title). Loaded lazily by the page (`React.lazy`): the library is its
 * own chunk, fetched after the cards are shown.
 */
export default function BarChart({ data, series, empty, height = 180 }: BarChartProps) {
  const { token } = theme.useToken();
  const box = useRef<HTMLDivElement>(null);
  const scope = `dash-chart-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const hasData = data.some((d) => d.values.some((v) => v > 0));

  useEffect(() => {
    const el = box.current;
    if (!el || !hasData) return;
    const every = Math.ceil(data.length / 12); // at most ~12 labels on the axis
    const options: BarChartOptions = {
      height,
      seriesBarDistance: series.length > 1 ? Math.max(3, Math.min(12, Math.floor(el.clientWidth / (data.length * 3)))) : 0,
      chartPadding: { top: 16, right: 8, bottom: 0, left: 0 }, // room for the top label of the y axis
      axisX: { showGrid: false, labelInterpolationFnc: (label: string | number, i: number) => (i % every === 0 ? String(label) : null) },
      axisY: { onlyInteger: true, low: 0 },
    };
    const chart = new Bars(el, { labels: data.map((d) => d.label), series: series.map((_, s) => data.map((d) => d.values[s] ?? 0)) }, options);
    // A native tooltip per bar: "label · series: value".
    chart.on('draw', (ctx) => {
      if (ctx.type !== 'bar') return;
      const point = data[ctx.index];
      ctx.element.elem('title').text(`${point?.label ?? ''} · ${series[ctx.seriesIndex]?.name ?? ''}: ${point?.values[ctx.seriesIndex] ?? 0}`);
    });
    return () => void chart.detach();
  }, [data, series, height, hasData]);

  if (!hasData) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />;
  // Bars as thick as the space allows: ~90 days side by side need thin ones.
  const barWidth = Math.max(2, Math.min(18, Math.floor(600 / (data.length * Math.max(1, series.length)))));
  const colors = [token.colorPrimary, token.colorSuccess, token.colorWarning];
  const themed = [
    `.${scope} .ct-label { color: ${token.colorTextSecondary}; fill: ${token.colorTextSecondary}; font-size: ${token.fontSizeSM}px; font-family: ${token.fontFamily}; }`,
    `.${scope} .ct-grid { stroke: ${token.colorSplit}; stroke-dasharray: 2px; }`,
    `.${scope} .ct-bar { stroke-width: ${barWidth}px; }`,
    ...series.map((_, i) => `.${scope} .ct-series-${SERIES_CLASS[i]} .ct-bar { stroke: ${colors[i % colors.length]}; }`),
  ].join('\n');
  const summary = `${series.map((s) => s.name).join(', ')}: ${data.map((d) => `${d.label} ${d.values.join('/')}`).join('; ')}`;
  return (
    <>
      <style>{chartistCss}</style>
      <style>{themed}</style>
      <div ref={box} className={scope} role="img" aria-label={summary} data-testid="dashboard-chart" />
    </>
  );
}
