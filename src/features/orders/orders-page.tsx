import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { userProjectsQuery, type UserProject } from '../../api/projects';
import { groupByDate } from '../../domain/orders';
import { sortProjects } from '../../domain/projects';
import { localToday } from '../../domain/projects-dates';
import { formatDay } from '../../domain/projects-format';
import { OrdersCalendar } from './orders-calendar';
import { OrdersLegend, OrdersList } from './orders-list';
import './orders.css';

const NONE: UserProject[] = [];

/** Orders calendar (client.md §2): a failed fetch is logged and the list stays empty (§8). The list is home's query (shared cache). */
export function OrdersPage() {
  const { t, i18n } = useTranslation('orders');
  const lang = i18n.resolvedLanguage ?? 'he';
  const today = localToday();
  const { data, error, isFetching } = useQuery(userProjectsQuery());
  const failed = error !== null && !isFetching;
  const projects = data ?? (failed ? NONE : null);
  const [ym, setYm] = useState(() => ({ year: Number(today.slice(0, 4)), month: Number(today.slice(5, 7)) }));
  const [selected, setSelected] = useState(today);

  // Each failure logged once (the error object changes with every failed attempt series).
  useEffect(() => {
    if (failed) console.error('Orders: fetching projects failed', error);
  }, [failed, error]);

  const byDate = useMemo(() => groupByDate(projects ?? []), [projects]);
  const all = useMemo(() => sortProjects(projects ?? [], 'date', 'desc'), [projects]);

  function select(date: string) {
    setSelected(date);
    const [y, m] = [Number(date.slice(0, 4)), Number(date.slice(5, 7))];
    if (y !== ym.year || m !== ym.month) setYm({ year: y, month: m });
  }

  return (
    <section className="page orders" data-testid="orders-page">
      <header className="orders__head">
        <h1>{t('title')}</h1>
        <p>{t('subtitle')}</p>
      </header>
      {projects === null ? (
        <div className="orders__state" role="status" aria-live="polite" data-testid="orders-loading">
          <span className="spinner" aria-hidden="true" />
          {t('loading')}
        </div>
      ) : (
        <div className="orders__layout">
          <div className="orders__calendar-col">
            <OrdersCalendar {...ym} today={today} selected={selected} byDate={byDate} onMonth={setYm} onSelect={select} />
            <OrdersLegend />
          </div>
          {projects.length === 0 ? (
            <div className="orders__state" data-testid="orders-empty">
              <h2>{t('emptyTitle')}</h2>
              <p>{t('emptyText')}</p>
            </div>
          ) : (
            <div className="orders__lists">
              <section aria-labelledby="orders-selected-title">
                <h2 id="orders-selected-title" data-testid="selected-title">
                  {t('selectedTitle', { date: formatDay(selected, lang) })}
                </h2>
                {byDate.get(selected)?.length ? (
                  <OrdersList projects={byDate.get(selected)!} today={today} testId="selected-list" />
                ) : (
                  <p className="orders__muted" data-testid="selected-empty">
                    {t('selectedEmpty')}
                  </p>
                )}
              </section>
              <section aria-labelledby="orders-all-title">
                <h2 id="orders-all-title">{t('listTitle')}</h2>
                <OrdersList projects={all} today={today} testId="all-list" />
              </section>
            </div>
          )}
        </div>
      )}
    </section>
  );
}
