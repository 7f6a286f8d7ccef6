// A small bar chart of class counts (recharts). Shared: the map's info panel
// uses it for N/P/K, combined NPK, vitality, canopy and status counts.
import './charts.css';
import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ClassCount } from '../../domain/statistics-charts';

export type { ClassCount };

interface Props {
  title: string;
  data: ClassCount[];
  locale: string;
  countLabel: string;
  height?: number;
  testId?: string;
}

/** Axis ticks in compact form (12K, 1.0M; Hebrew: 12K / ‏1M‏ per locale) so they fit the 44 px axis at 1M trees. */
export function axisNumberFormat(locale: string): (v: number) => string {
  const compact = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 });
  const plain = new Intl.NumberFormat(locale);
  return (v) => (Math.abs(v) >= 10_000 ? compact.format(v) : plain.format(v));
}

export function ClassBarChart({ title, data, locale, countLabel, height = 150, testId }: Props) {
  const nf = new Intl.NumberFormat(locale);
  const axis = axisNumberFormat(locale);
  const rtl = locale.startsWith('he');
  return (
    <figure className="chart" data-testid={testId}>
      <figcaption className="chart__title">{title}</figcaption>
      <div style={{ inlineSize: '100%', blockSize: height }}>
        <ResponsiveContainer width="100%" height="100%" minWidth={120}>
          <BarChart data={data} margin={{ top: 4, right: 8, bottom: 4, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" reversed={rtl} tick={{ fontSize: 11 }} interval={0} />
            <YAxis orientation={rtl ? 'right' : 'left'} tickFormatter={axis} width={44} tick={{ fontSize: 11 }} />
            <Tooltip formatter={(v) => [nf.format(Number(v)), countLabel]} isAnimationActive={false} />
            <Bar dataKey="count" isAnimationActive={false}>
              {data.map((d) => <Cell key={d.label} fill={d.colour} />)}
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </div>
      <ul className="chart__values" aria-label={title}>
        {data.map((d) => (
          <li key={d.label} data-label={d.label} data-count={d.count}>
            <span className="chart__swatch" style={{ background: d.colour }} aria-hidden="true" />
            {d.label}: {nf.format(d.count)}
          </li>
        ))}
      </ul>
    </figure>
  );
}
