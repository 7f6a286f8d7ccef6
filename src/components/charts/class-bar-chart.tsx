// A small bar chart of class counts: one row per class with its label, a bar
// as long as its share of the chart's largest count, and the count written out
// (readable on a phone without hovering). The printable report draws the same
// rows (server/report/report-html.ts); both take the bar lengths from
// barShares. Used by the map's info panel for N/P/K, combined NPK, vitality,
// canopy and status counts.
import './charts.css';
import { memo } from 'react';
import { barShares, type ClassCount } from '../../domain/statistics-charts';

export type { ClassCount };

interface Props {
  title: string;
  data: ClassCount[];
  locale: string;
  /** What the numbers count ("Trees"): the numbers' tooltip; the row reads "label, number". */
  countLabel: string;
  testId?: string;
}

/** Memoised: the map page re-renders on every move; a chart changes only with its counts. */
export const ClassBarChart = memo(function ClassBarChart({ title, data, locale, countLabel, testId }: Props) {
  const nf = new Intl.NumberFormat(locale);
  const shares = barShares(data);
  return (
    <figure className="chart" data-testid={testId}>
      <figcaption className="chart__title">{title}</figcaption>
      <ul className="chart__rows" aria-label={title}>
        {data.map((d, i) => (
          <li key={d.label} className="chart__row" data-label={d.label} data-count={d.count}>
            <span className="chart__label">{d.label}</span>
            <span className="chart__track" aria-hidden="true">
              <span className="chart__fill" style={{ inlineSize: `${(100 * shares[i]).toFixed(1)}%`, background: d.colour }} />
            </span>
            <span className="chart__count" title={countLabel}>
              {nf.format(d.count)}
            </span>
          </li>
        ))}
      </ul>
    </figure>
  );
});
