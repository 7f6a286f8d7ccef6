// The page's main-thread tasks from Chromium's own trace (CDP Tracing): each task's wall time and the CPU time
// its thread actually ran (the trace's `tdur`). A long task's wall time also counts the time the operating
// system gave the CPU to another process: on a shared 2-core CI machine, with SwiftShader drawing on the other
// core, a 20 ms task can last 150 ms. Its CPU time is the app's work. Phases come from the performance marks
// that setPhase (map-actions.ts) leaves: `phase:<name>`.
import type { CDPSession, Page } from 'playwright-core';

export interface TracedTask {
  phase: string;
  wallMs: number;
  /** null: the trace has no thread time for it (the assertion must not fall back to wall time silently). */
  cpuMs: number | null;
}

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

const CATEGORIES = ['disabled-by-default-devtools.timeline', 'blink.user_timing', '__metadata'].join(',');
export const PHASE_MARK = 'phase:';

/** Starts tracing the page; `stop()` ends it and answers its main thread's tasks of at least `overMs` wall time. */
export async function traceTasks(page: Page): Promise<{ stop: (overMs: number) => Promise<TracedTask[]> }> {
  const cdp = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => {
    for (const ev of e.value as unknown as TraceEvent[]) if (ev.name === 'RunTask' || ev.name.startsWith(PHASE_MARK) || ev.ph === 'M') events.push(ev);
  });
  await cdp.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReportEvents' });
  return {
    stop: async (overMs) => {
      await endTrace(cdp);
      return mainThreadTasks(events, overMs);
    },
  };
}

async function endTrace(cdp: CDPSession): Promise<void> {
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.end');
  await done;
  await cdp.detach();
}

/** The tasks of the renderer main thread that holds the phase marks, each in the phase of the last mark before it. */
export function mainThreadTasks(events: TraceEvent[], overMs: number): TracedTask[] {
  const marks = events.filter((e) => e.name.startsWith(PHASE_MARK)).sort((a, b) => a.ts - b.ts);
  if (marks.length === 0) return [];
  const { pid, tid } = marks[0];
  const main = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.pid === pid && e.args?.name === 'CrRendererMain');
  const thread = main ? main.tid : tid;
  const tasks: TracedTask[] = [];
  for (const e of events) {
    if (e.name !== 'RunTask' || e.ph !== 'X' || e.pid !== pid || e.tid !== thread || (e.dur ?? 0) < overMs * 1000) continue;
    let phase = 'boot';
    for (const m of marks) if (m.ts <= e.ts) phase = m.name.slice(PHASE_MARK.length);
    tasks.push({ phase, wallMs: Math.round(e.dur! / 1000), cpuMs: e.tdur === undefined ? null : Math.round(e.tdur / 1000) });
  }
  return tasks;
}

/** The most CPU time one task of a phase took (0: none of the tasks traced). */
export const longestCpu = (tasks: TracedTask[], phase: string) => Math.max(0, ...tasks.filter((t) => t.phase === phase).map((t) => t.cpuMs ?? Infinity));
