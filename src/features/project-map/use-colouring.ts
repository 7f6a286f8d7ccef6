// The trees' colouring (client.md §2: the layers panel's classification colours; issue 13): the legends
// (controller.ts legendModel), a new colour mode or legend filter, and comparing with another survey, which starts
// or ends the change modes.
import { useMemo, type Dispatch } from 'react';
import type { TFunction } from 'i18next';
import type { RelatedSurvey } from '../../api/project';
import { isLaterSurvey } from '../../domain/survey-order';
import type { ColoursResult } from '../../map/geo-client';
import { isChangeMode } from '../../../workers/geo/colours';
import { colouringForCompare, legendModel, switchMode, type Colouring, type ScreenAction } from './controller';
import type { Comparison, useProjectData } from './use-project-data';

interface Args {
  t: TFunction<'project-map'>;
  /** The screen's colour mode and the legend classes it hides. */
  colouring: Colouring;
  colours: ColoursResult | null;
  comparison: Comparison | null;
  /** The legend's counts inside the selected plot or irrigation area (use-zone-legend.ts), or null. */
  zoneCounts: Uint32Array | null;
  /** How many plots and irrigation areas the survey has. */
  areaCounts: { plots: number; areas: number };
  observationDate: string | null;
  dispatch: Dispatch<ScreenAction>;
  /** The worker's side: it colours the trees and compares the surveys (use-project-data.ts). */
  worker: Pick<ReturnType<typeof useProjectData>, 'setColourMode' | 'compareWith'>;
}

export function useColouring({ t, colouring, colours, comparison, zoneCounts, areaCounts, observationDate, dispatch, worker }: Args) {
  const { mode, hidden } = colouring;
  const { plots, areas } = areaCounts;
  // With a plot or irrigation area selected, the legend counts its trees (the same grouping as the info panel).
  const legends = useMemo(
    () =>
      legendModel(
        { mode, hidden },
        { counts: zoneCounts ?? colours?.counts ?? null, range: colours?.range ?? null },
        { plots, areas },
        {
          plots: t('layers.plots'),
          irrigationAreas: t('layers.irrigationAreas'),
          status: (c) => t(`status.${c}`),
          noValue: t('layers.noValue'),
          change: (k) => t(`change.${k}`),
          nutrientClass: (c) => t(`widgets.${c}`),
          ends: (m) => (t(`ends.${m}.low`, { defaultValue: '' }) ? { low: t(`ends.${m}.low`), high: t(`ends.${m}.high`) } : null),
        },
      ),
    [colours, zoneCounts, mode, hidden, plots, areas, t],
  );

  /** A new colouring: the screen shows it and the worker colours the trees with it. */
  const recolour = (c: Colouring) => {
    dispatch({ type: 'colours', ...c });
    void worker.setColourMode(c.mode, c.hidden);
  };
  /** Compare with a survey (null: this survey alone again; a change mode falls back to status). */
  const compare = async (s: RelatedSurvey | null): Promise<boolean> => {
    const next = colouringForCompare({ mode, hidden }, !!comparison, !!s, isChangeMode);
    const newer = !!s && isLaterSurvey(s.observation_date, observationDate);
    if (await worker.compareWith(s, newer, next.mode, next.hidden)) {
      dispatch({ type: 'colours', ...next });
      return true;
    }
    if (isChangeMode(mode)) recolour(switchMode('status'));
    return false;
  };
  return { legends, recolour, compare };
}
