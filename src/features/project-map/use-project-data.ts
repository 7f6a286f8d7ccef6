// Loads one project for the map with a REAL progress bar (client.md §4 steps
// 0, 20, 35, 50, 65, 75, 90, 100): the three calls start together, and each
// step is reported when its part has actually finished.
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/errors';
import type { RelatedSurvey } from '../../api/project';
import type { StatisticsResponse } from '../../api/statistics';
import { comparedMapData, loadSurvey, type SurveyOrigin } from '../../offline/surveys/survey-source';
import { surveyStart } from '../../offline/surveys/survey-start';
import { duplicateAlerts, type DuplicateAlert } from './duplicate-alerts';
import { isCancelled, type ColourMode, type ColoursResult, type CompareResult, type GeoClient, type IngestResult } from '../../map/geo-client';

export const STEPS = [0, 20, 35, 50, 65, 75, 90, 100] as const;
export type StepKey = 'start' | 'project' | 'trees' | 'process' | 'statistics' | 'colours' | 'layers' | 'done';
/** The worker's steps of the load beside the page's (bench:offline); a clock that cannot be marked is left out. */
function markWorkerSteps(marks: Record<string, number>): void {
  for (const [name, at] of Object.entries(marks)) {
    try {
      performance.mark(`survey-load:worker-${name}`, { startTime: at - performance.timeOrigin });
    } catch {
      /* a time before this page's start */
    }
  }
}

export const STEP_KEYS: StepKey[] = ['start', 'project', 'trees', 'process', 'statistics', 'colours', 'layers', 'done'];
export const OVERLAY_CLOSE_MS = 500;

const isNotFound = (e: unknown) => e instanceof ApiError && e.status === 404;

export interface ProjectData {
  progress: number;
  step: StepKey;
  overlayOpen: boolean;
  projectName: string;
  errors: { project?: string; trees?: string; statistics?: string; noProject?: string };
  /** The survey does not exist or is not shared with the user (a 404): the screen says so once, nothing else. */
  notFound: boolean;
  ingest: IngestResult | null;
  colours: ColoursResult | null;
  statistics: StatisticsResponse | null;
  alerts: DuplicateAlert[];
  /** Increments once per completed load: the map fits once per value. */
  loadId: number;
  /** The survey compared with (issue 13); positions = ours + its extra trees when it has any. */
  comparison: Comparison | null;
  comparing: { survey: RelatedSurvey; failed: boolean } | null;
  /** Where the survey came from: the server, the device after a 304, or the device without a connection (issue 35). */
  origin: SurveyOrigin | null;
}

export interface Comparison {
  survey: RelatedSurvey;
  result: CompareResult;
  otherIsNewer: boolean;
  treeCount: number;
}

const initial = (name: string): ProjectData => ({
  progress: 0,
  step: 'start',
  overlayOpen: true,
  projectName: name,
  errors: {},
  notFound: false,
  ingest: null,
  colours: null,
  statistics: null,
  alerts: [],
  loadId: 0,
  comparison: null,
  comparing: null,
  origin: null,
});

export function useProjectData(projectId: string | undefined, stateName: string | undefined) {
  const [data, setData] = useState<ProjectData>(() => initial(stateName ?? projectId ?? ''));
  const clientRef = useRef<GeoClient | null>(null);

  useEffect(() => {
    const id = (projectId ?? '').trim();
    const abort = new AbortController();
    let alive = true;
    const set = (patch: Partial<ProjectData> | ((d: ProjectData) => Partial<ProjectData>)) => {
      if (alive) setData((d) => ({ ...d, ...(typeof patch === 'function' ? patch(d) : patch) }));
    };
    const step = (i: number) => {
      // A mark per step: bench:offline reads where an open spends its time (performance.getEntriesByType('mark')).
      // A new load starts from none (a long session opens many surveys).
      if (i === 0) for (const m of performance.getEntriesByType('mark')) if (m.name.startsWith('survey-load:')) performance.clearMarks(m.name);
      performance.mark(`survey-load:${STEP_KEYS[i]}`);
      set({ progress: STEPS[i], step: STEP_KEYS[i] });
    };
    // Another client's survey, one not shared with the user, or no such survey: one message, no other errors.
    const notFound = () => set({ notFound: true, overlayOpen: false, progress: 100, step: 'done' });
    let closeTimer: ReturnType<typeof setTimeout> | undefined;
    const finish = () => {
      step(7);
      set((d) => ({ loadId: d.loadId + 1 }));
      closeTimer = setTimeout(() => set({ overlayOpen: false }), OVERLAY_CLOSE_MS);
    };
    // A new survey starts from its empty state: the load below is an external process whose steps this effect follows.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- reset at the start of the load this effect owns
    setData(initial(stateName ?? id));

    if (!id) {
      // §5: a missing or blank id loads nothing; the map shows only an empty plots layer.
      set({ errors: { noProject: 'No projectId provided' } });
      finish();
      return () => {
        alive = false;
        clearTimeout(closeTimer);
      };
    }

    // Its kept copy is read and decoded in the worker while the map sets itself up (used if the load below takes it).
    const start = surveyStart(id, abort.signal);
    const { client } = start;
    clientRef.current = client;
    // From the server, or from this device when the survey is kept there and the server cannot be reached.
    const source = loadSurvey(id, stateName, start, abort.signal);
    const { project: projectP, map: mapP, statistics: statsP } = source;
    source.origin.then(
      (origin) => set({ origin }),
      () => undefined,
    );
    // Settle all three early so a rejection that is awaited later is never "unhandled".
    for (const p of [projectP, mapP, statsP]) p.catch(() => undefined);

    void (async () => {
      step(0);
      try {
        const p = await projectP;
        set({ projectName: p.name || id });
      } catch (e) {
        if (abort.signal.aborted) return;
        if (isNotFound(e)) return notFound();
        set((d) => ({ projectName: id, errors: { ...d.errors, project: 'Failed to fetch project' } }));
      }
      step(1);
      let ingest: IngestResult | null = null;
      try {
        const raw = await mapP;
        step(2);
        // A kept copy: the worker reads it, or, where it cannot open the device's database, the page does.
        ingest = await ('kept' in raw ? client.ingestKept(raw.kept).catch(async () => client.ingestBytes(await raw.fromDevice())) : client.ingestBytes(raw));
        set({ ingest, alerts: duplicateAlerts(ingest.duplicates) });
        markWorkerSteps(ingest.marks);
      } catch (e) {
        if (abort.signal.aborted) return;
        if (isNotFound(e)) return notFound();
        // §8: plots layer emptied, loading ends.
        set((d) => ({ ingest: null, errors: { ...d.errors, trees: 'Failed to fetch trees' } }));
      }
      step(3);
      try {
        set({ statistics: await statsP });
      } catch {
        if (abort.signal.aborted) return;
        set((d) => ({ errors: { ...d.errors, statistics: 'Failed to fetch tree status statistics' } }));
      }
      step(4);
      if (ingest) {
        const c = await client.colours('status');
        if (!isCancelled(c)) set({ colours: c });
      }
      step(5);
      // Layers render from state on the next frame; the page fits the map on loadId.
      await new Promise((r) => requestAnimationFrame(() => r(null)));
      step(6);
      if (alive) finish();
      // Shown: kept on the device (or marked opened), in the background.
      if (alive && ingest) source.done();
    })();

    return () => {
      alive = false;
      abort.abort();
      clearTimeout(closeTimer);
      client.dispose();
      if (clientRef.current === client) clientRef.current = null;
    };
  }, [projectId, stateName]);

  /** A colour mode and the legend classes hidden in it: only the colour buffer changes (positions stay on the GPU). */
  const setColourMode = async (mode: ColourMode, hidden: readonly number[] = []) => {
    const c = clientRef.current;
    if (!c || !data.ingest) return;
    const r = await c.colours(mode, hidden);
    if (!isCancelled(r)) setData((d) => ({ ...d, colours: r }));
  };

  /**
   * Compare with another survey (null: back to this survey alone, nothing is reloaded).
   * The colours of `mode` are fetched before anything is shown, so the colour
   * buffer and the drawn positions always have the same length.
   */
  const compareWith = async (survey: RelatedSurvey | null, otherIsNewer: boolean, mode: ColourMode, hidden: readonly number[]) => {
    const c = clientRef.current,
      ingest = data.ingest;
    if (!c || !ingest) return false;
    setData((d) => ({ ...d, comparing: survey ? { survey, failed: false } : null }));
    try {
      const result = survey ? await c.compare(await comparedMapData(String(survey.project_id)), otherIsNewer) : await c.compare(null, false);
      // The worker holds the comparison from here on, so the page must too; colours overtaken by a newer
      // request are left to that request (it brings colours of the same length as the drawn trees).
      const colours = await c.colours(mode, hidden);
      let comparison: Comparison | null = null;
      if (survey && result) comparison = { survey, result, otherIsNewer, treeCount: ingest.treeCount + result.extraCount };
      setData((d) => ({ ...d, comparison, comparing: null, ...(isCancelled(colours) ? {} : { colours }) }));
      return true;
    } catch {
      setData((d) => ({ ...d, comparing: survey ? { survey, failed: true } : null }));
      return false;
    }
  };

  return { data, client: clientRef, setColourMode, compareWith };
}
