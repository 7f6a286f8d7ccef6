import { useTranslation } from 'react-i18next';
import type { UserProject } from '../../api/projects';
import { addMonths, calendarGrid, dotsFor, orderStatus } from '../../domain/orders';
import { formatDay, formatMonth, formatNumber, weekdayLetters } from '../../domain/projects-format';

interface Props {
  year: number;
  month: number;
  today: string;
  selected: string;
  byDate: Map<string, UserProject[]>;
  onMonth: (ym: { year: number; month: number }) => void;
  onSelect: (date: string) => void;
}

/** Month calendar (client.md §2 Orders): 42 cells, up to 8 dots per day, then '+N'. */
export function OrdersCalendar({ year, month, today, selected, byDate, onMonth, onSelect }: Props) {
  const { t, i18n } = useTranslation('orders');
  const lang = i18n.resolvedLanguage ?? 'he';
  const cells = calendarGrid(year, month, today);
  const letters = weekdayLetters(lang);
  // Arrows that point outwards in either direction ('‹' '›' would be mirrored by the bidi algorithm too).
  const [prevIcon, nextIcon] = i18n.dir(lang) === 'rtl' ? ['→', '←'] : ['←', '→'];
  return (
    <section className="orders-cal" aria-label={t('calendar')} data-testid="orders-calendar">
      <header className="orders-cal__head">
        <button
          type="button"
          className="orders-cal__nav"
          data-testid="prev-month"
          aria-label={t('prevMonth')}
          title={t('prevMonth')}
          onClick={() => onMonth(addMonths(year, month, -1))}
        >
          <span aria-hidden="true">{prevIcon}</span>
        </button>
        <h2 className="orders-cal__month" data-testid="calendar-month" aria-live="polite">
          {formatMonth(year, month, lang)}
        </h2>
        <button
          type="button"
          className="orders-cal__nav"
          data-testid="next-month"
          aria-label={t('nextMonth')}
          title={t('nextMonth')}
          onClick={() => onMonth(addMonths(year, month, 1))}
        >
          <span aria-hidden="true">{nextIcon}</span>
        </button>
      </header>
      <div className="orders-cal__grid">
        {letters.map((l, i) => (
          <div key={i} className="orders-cal__weekday" aria-hidden="true">
            {l}
          </div>
        ))}
        {cells.map((c) => {
          const list = byDate.get(c.date) ?? [];
          const { shown, more } = dotsFor(list);
          const label = formatDay(c.date, lang, 'long') ?? c.date;
          const classes = ['orders-cal__cell', !c.inMonth && 'is-other-month', c.isToday && 'is-today', c.date === selected && 'is-selected']
            .filter(Boolean)
            .join(' ');
          return (
            <button
              key={c.date}
              type="button"
              className={classes}
              data-testid="calendar-cell"
              data-date={c.date}
              data-count={list.length}
              aria-pressed={c.date === selected}
              aria-current={c.isToday ? 'date' : undefined}
              aria-label={list.length ? t('dayLabel', { date: label, count: list.length }) : t('dayLabelNone', { date: label })}
              onClick={() => onSelect(c.date)}
            >
              <span className="orders-cal__day">{formatNumber(c.day, lang)}</span>
              {list.length > 0 && (
                <span className="orders-cal__dots" aria-hidden="true">
                  {shown.map((p, i) => (
                    <span key={i} className={`orders-dot orders-dot--${orderStatus(p.observation_date, today)}`} data-testid="calendar-dot" />
                  ))}
                  {more > 0 && (
                    <span className="orders-cal__more" dir="ltr" data-testid="calendar-more" title={t('more', { count: more })}>
                      +{formatNumber(more, lang)}
                    </span>
                  )}
                </span>
              )}
            </button>
          );
        })}
      </div>
    </section>
  );
}
