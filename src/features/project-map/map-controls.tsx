// What stands over the project map (client.md §2 "Project map view", issue 35): the toolbar, the chips (hidden
// legend classes, recentre, walk to this tree, which tree am I at), the walk's dock, the comparison bar, the aerial
// photo's swipe while comparing (issue 37) and the alerts.
import type { Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import type { Map as MapLibreMap } from 'maplibre-gl';
import type { RelatedSurvey } from '../../api/project';
import type { SurveyAction } from '../../domain/roles';
import { formatSurveyDate } from '../../domain/survey-order';
import { askForHeading } from '../../map/use-heading';
import { errorKeys, type Colouring, type ScreenAction, type ScreenState } from './controller';
import { CompareBar } from './compare-bar';
import { MapAlerts } from './map-alerts';
import { MapChips } from './map-chips';
import { MapToolbar } from './map-toolbar';
import { MapWalkDock, type MapWalk } from './map-walk';
import { PhotoSwipe } from './photo-swipe';
import type { TreeValues, ZoneNames } from './tree-table';
import type { Drawn } from './use-drawn-trees';
import type { PhotoState } from './use-orthophoto';
import type { ProjectData } from './use-project-data';
import type { useReport } from './use-report';
import type { Gps } from './use-screen-map';

export interface MapControlsProps {
  screen: ScreenState;
  dispatch: Dispatch<ScreenAction>;
  data: ProjectData;
  map: MapLibreMap | null;
  gps: Gps;
  walk: MapWalk;
  report: ReturnType<typeof useReport>;
  /** What the signed-in role may do (src/domain/roles.ts). */
  may: (action: SurveyAction) => boolean;
  drawn: Drawn | null;
  /** The selected tree's values (null until the worker answered, or no tree selected). */
  treeValues: TreeValues | null;
  zoneNames: ZoneNames;
  photo: PhotoState;
  observationDate: string | null;
  locale: string;
  /** The compared survey's date, formatted (null: not comparing). */
  comparedDate: string | null;
  fitToPlots: (animate: boolean) => void;
  recolour: (c: Colouring) => void;
  compare: (s: RelatedSurvey | null) => Promise<boolean>;
}

export function MapControls(p: MapControlsProps) {
  const { screen, dispatch, data, gps, walk, report, treeValues, photo, observationDate, locale, comparedDate, recolour, compare } = p;
  const { t } = useTranslation('project-map');
  const { layers, mode, hidden, panel } = screen;
  const sel = layers.selected;
  const comparison = data.comparison;
  return (
    <>
      <MapToolbar
        layersOpen={panel === 'layers'}
        onLayers={() => dispatch({ type: 'togglePanel', panel: 'layers' })}
        onSurveys={() => dispatch({ type: 'togglePanel', panel: 'surveys' })}
        onPrevious={() => dispatch({ type: 'togglePanel', panel: 'previous' })}
        exportOpen={panel === 'export'}
        onExport={() => dispatch({ type: 'togglePanel', panel: 'export' })}
        open={panel}
        onPanel={(k) => dispatch({ type: 'togglePanel', panel: k })}
        comparing={!!comparison}
        zoomActive={screen.zoomActive}
        onZoomToPlots={() => {
          dispatch({ type: 'zoomActive', on: true });
          p.fitToPlots(true);
        }}
        navigating={gps.tracking}
        locationOff={gps.denied}
        onNavigate={() => {
          askForHeading(); // iOS asks from a tap
          gps.toggle();
        }}
        treesOn={layers.visible.trees}
        onTrees={() => dispatch({ type: 'toggleVisible', id: 'trees' })}
        sun={screen.sun}
        onSun={() => dispatch({ type: 'sun', on: !screen.sun })}
        reporting={report.busy}
        onReport={() => void report.run()}
        may={p.may}
      />
      <MapChips
        hidden={panel === 'layers' ? 0 : hidden.length}
        onShowAll={() => recolour({ mode, hidden: [] })}
        released={gps.tracking && !gps.denied && !gps.following}
        onRecentre={gps.recentre}
        onWalk={sel?.layer === 'trees' && !walk.walking ? () => walk.start(sel.index, treeValues) : null}
        onHere={walk.walking ? null : walk.findHere}
      />
      <MapWalkDock
        walk={walk}
        drawn={p.drawn}
        fix={gps.fix}
        gpsOff={gps.denied}
        selected={sel?.layer === 'trees' ? sel.index : null}
        values={treeValues}
        zoneNames={p.zoneNames}
      />
      <CompareBar comparison={comparison} comparing={data.comparing} date={comparedDate ?? ''} onOff={() => void compare(null)} />
      <PhotoSwipe map={p.map} photo={photo} ownDate={observationDate ? formatSurveyDate(observationDate, locale) : ''} comparedDate={comparedDate ?? ''} />
      <MapAlerts
        errors={errorKeys(data.errors).map((k) => t(k))}
        report={report}
        alerts={data.alerts.filter((a) => !screen.dismissed.includes(a.key))}
        onDismiss={(a) => dispatch({ type: 'dismiss', alert: a })}
      />
    </>
  );
}
