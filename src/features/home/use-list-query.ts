import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_QUERY, type ListQuery, type SortDir, type SortKey, type StatusFilter } from '../../domain/projects';

// Search, status and sort live in the URL (?q=&status=&sort=&dir=), so going
// back from a project map restores the list as the grower left it.

const pick = <T extends string>(v: string | null, allowed: readonly T[], fallback: T): T => (allowed.includes(v as T) ? (v as T) : fallback);

export function useListQuery(): [ListQuery, (patch: Partial<ListQuery>) => void] {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => queryFrom(params), [params]);
  // React Router's functional setSearchParams sees the params of the last
  // render, so two quick changes (status, then sort) would lose the first:
  // build on our own latest value instead.
  const latest = useRef(params);
  useLayoutEffect(() => {
    latest.current = params;
  }, [params]);
  const update = useCallback(
    (patch: Partial<ListQuery>) => {
      const next = new URLSearchParams(latest.current);
      const merged = { ...queryFrom(latest.current), ...patch };
      const set = (k: string, v: string, def: string) => (v && v !== def ? next.set(k, v) : next.delete(k));
      set('q', merged.search, '');
      set('status', merged.status, DEFAULT_QUERY.status);
      set('sort', merged.sortKey, DEFAULT_QUERY.sortKey);
      set('dir', merged.sortDir, DEFAULT_QUERY.sortDir);
      latest.current = next;
      setParams(next, { replace: true });
    },
    [setParams],
  );
  return [query, update];
}

function queryFrom(p: URLSearchParams): ListQuery {
  return {
    search: p.get('q') ?? '',
    status: pick<StatusFilter>(p.get('status'), ['all', 'valid', 'incomplete'], DEFAULT_QUERY.status),
    sortKey: pick<SortKey>(p.get('sort'), ['date', 'name'], DEFAULT_QUERY.sortKey),
    sortDir: pick<SortDir>(p.get('dir'), ['asc', 'desc'], DEFAULT_QUERY.sortDir),
  };
}
