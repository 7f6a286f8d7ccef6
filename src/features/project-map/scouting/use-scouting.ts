// The survey's scouting records on the project map (issue 36): the server's standing records and this
// device's records still in the outbox, for the map layer, the Scouting panel and the tree's section.
import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { issuesQuery, recordsQuery, type RecordItem } from '../../../api/scouting';
import { useFieldQueue } from '../../../offline/field';
import { standingRecords, type IssueIcon } from '../../../domain/scouting-rules';
import type { RecordBody } from '../../../domain/contracts/scouting';
import { scoutingLayer, type ScoutingMark } from '../../../map/scouting-layer';

export interface ShownRecord extends RecordItem {
  waiting: boolean;
}

export function useScouting(projectId: number) {
  const records = useQuery({ ...recordsQuery(projectId), enabled: projectId > 0, refetchInterval: 60_000 });
  const issues = useQuery(issuesQuery());
  const queue = useFieldQueue();
  const [visible, setVisible] = useState(true);
  const shown = useMemo<ShownRecord[]>(() => {
    const server = standingRecords(records.data?.records ?? []).map((r) => ({ ...r, waiting: false }));
    const known = new Set(server.map((r) => r.record_id));
    const local: ShownRecord[] = queue.items
      .filter((i) => i.kind === 'record' && i.projectId === projectId && !known.has(i.id))
      .map((i) => {
        const b = i.body as RecordBody & { photo_ids?: string[] };
        return {
          record_id: i.id,
          project_id: projectId,
          kind: b.kind ?? 'observation',
          tree_id: b.tree_id ?? null,
          lon: b.position?.lon ?? NaN,
          lat: b.position?.lat ?? NaN,
          accuracy_m: b.position?.accuracy_m ?? null,
          issue_id: b.issue_id ?? null,
          severity: b.severity ?? null,
          note: b.note ?? '',
          tree_status: b.tree_status ?? null,
          task_id: b.task_id ?? null,
          supersedes: b.supersedes ?? null,
          photo_ids: b.photo_ids ?? [],
          photos_stored: [],
          author_id: i.userId,
          author_name: '',
          observed_at: b.observed_at,
          received_at: '',
          waiting: true,
        };
      });
    return [...server, ...local].filter((r) => r.kind === 'observation');
  }, [records.data, queue.items, projectId]);
  const iconOf = useMemo(() => new Map((issues.data ?? []).map((i) => [i.issue_id, i.icon as IssueIcon])), [issues.data]);
  const layers = useMemo(() => {
    if (!visible) return [];
    const marks: ScoutingMark[] = shown
      .filter((r) => Number.isFinite(r.lon) && Number.isFinite(r.lat))
      .map((r) => ({ id: r.record_id, lon: r.lon, lat: r.lat, icon: iconOf.get(r.issue_id ?? -1) ?? 'other', severity: r.severity ?? 1, waiting: r.waiting }));
    return marks.length ? [scoutingLayer(marks)] : [];
  }, [shown, iconOf, visible]);
  return { records: shown, issues: issues.data ?? [], layers, visible, setVisible, refetch: () => void records.refetch() };
}
export type Scouting = ReturnType<typeof useScouting>;
