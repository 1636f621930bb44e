import { Empty, Tooltip, theme } from 'antd';

/**
 * A small SVG bar chart drawn with the theme's tokens (light and dark follow antd). Written here
 * instead of a charting library: two bar charts do not justify 100+ kB gzip of recharts or G2, and
 * this is the only page that draws charts.
 */
export function BarChart({ data, series, empty, height = 180 }: { data: { label: string; values: number[] }[]; series: { name: string; color?: string }[]; empty: string; height?: number }) {
  const { token } = theme.useToken();
  const max = Math.max(0, ...data.flatMap((d) => d.values));
  if (max === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />;
  const colors = series.map((s, i) => s.color ?? [token.colorPrimary, token.colorSuccess, token.colorWarning][i % 3]);
  const width = 100 / data.length;
  const every = Math.ceil(data.length / 12); // at most ~12 axis labels
  return (
    <div role="img" style={{ display: 'flex', alignItems: 'flex-end', gap: 2, height: height + 20 }}>
      {data.map((d, i) => (
        <Tooltip key={d.label} title={`${d.label}: ${d.values.map((v, s) => `${series[s].name} ${v}`).join(' · ')}`}>
          <div style={{ width: `${width}%`, display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
            <div style={{ display: 'flex', alignItems: 'flex-end', gap: 1, height, width: '100%' }}>
              {d.values.map((v, s) => (
                <div key={s} style={{ flex: 1, height: `${(v / max) * 100}%`, minHeight: v ? 2 : 0, background: colors[s], borderRadius: 2 }} />
              ))}
            </div>
            <span style={{ fontSize: 10, color: token.colorTextSecondary, height: 16, whiteSpace: 'nowrap' }}>{i % every === 0 ? d.label : ''}</span>
          </div>
        </Tooltip>
      ))}
    </div>
  );
}
