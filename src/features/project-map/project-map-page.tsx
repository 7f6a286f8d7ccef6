// Project map view (client.md §2 "Project map view", §4, §5, §8, §9).
import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { TREE_DETAIL_ZOOM, type TreeLabel } from '../../map/deck-layers';
import type { ListSort } from '../../map/geo-client';
import { formatSurveyDate, surveyDate } from '../../domain/survey-order';
import { localToday } from '../../domain/projects-dates';
import { MapContextLost } from '../../map/context-lost';
import { InfoPanel } from './info-panel';
import type { PrescriptionPreview } from '../../../workers/geo/prescription';
import { LoadingOverlay } from './loading-overlay';
import { useReport } from './use-report';
import { PathBar } from './path-bar';
import { areaItems, zoneNamesOf } from './area-items';
import { InfoContent } from './info-content';
import { DEFAULT_LIST_SORT } from './tree-list-panel';
import { useProjectData } from './use-project-data';
import { useTreeLabels } from './use-tree-labels';
import { useTreeImage } from './use-tree-image';
import { useZoneLegend } from './use-zone-legend';
import { infoModel, initialScreenState, screenReducer, selectedZone } from './controller';
import { useMapWalk } from './map-walk';
import { useOrthophoto } from './use-orthophoto';
import { TreePhotoCrop } from './tree-photo-crop';
import { SurveyNotFound } from './survey-not-found';
import { readDismissed, writeDismissed } from './duplicate-alerts';
import { useInitialUrlView, useScreenUrl } from './use-url-view';
import { useSession } from '../../api/session';
import { mayDo, type SurveyAction } from '../../domain/roles';
import { useOnline } from '../../offline/surveys/use-device';
import { DeviceStrip } from './device-strip';
import { useScouting } from './scouting/use-scouting';
import { TreeScouting } from './scouting/tree-scouting';
import { useDrawnTrees, useExposedTrees } from './use-drawn-trees';
import { useScreenMap } from './use-screen-map';
import { useMapCamera } from './use-map-camera';
import { useSelection } from './use-selection';
import { useZoneRows } from './use-zone-rows';
import { useMapLayers } from './use-map-layers';
import { useColouring } from './use-colouring';
import { MapControls, type MapControlsProps } from './map-controls';
import { MapPanels, type MapPanelsProps } from './map-panels';
import './project-map.css';
import './phone.css';

export default function ProjectMapPage() {
  const { projectId } = useParams();
  // A new project id is a new screen: fresh layer state, map and worker.
  return <ProjectMapScreen key={projectId ?? ''} />;
}

function ProjectMapScreen() {
  const { t, i18n } = useTranslation('project-map');
  // A field worker's map has no export, report or prescription (src/domain/roles.ts; the API refuses them too).
  const role = useSession()?.user?.role;
  const may = (action: SurveyAction) => mayDo(role, action);
  // Without a connection, export, report and prescription say "needs a connection" (issue 35).
  const online = useOnline();
  const locale = i18n.language;
  const { projectId, observationTime } = useParams();
  const observationDate = surveyDate(observationTime);
  const location = useLocation();
  const navState = location.state as { projectName?: string; name?: string } | null;
  const { data, client, setColourMode, compareWith } = useProjectData(projectId, navState?.projectName ?? navState?.name);
  // The screen's state and its rules: controller.ts (tested in Node); this page lays out.
  // A link that names a camera opens there (README "URL state"), in Sun mode if it says so.
  const initialView = useInitialUrlView();
  const [screen, dispatch] = useReducer(screenReducer, projectId ?? '', (id) => initialScreenState(readDismissed(id), initialView.sun));
  const { layers, mode, hidden, panel } = screen;
  const screenRef = useRef(screen);
  useEffect(() => {
    screenRef.current = screen;
  });
  // A closed duplicate alert stays closed for this survey on this device.
  useEffect(() => {
    if (projectId && screen.dismissed.length) writeDismissed(projectId, screen.dismissed);
  }, [projectId, screen.dismissed]);
  // The prescription panel's zones, drawn coloured by rate while it is open.
  const [rxPreview, setRxPreview] = useState<PrescriptionPreview | null>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const ingest = data.ingest;
  const comparison = data.comparison;
  const report = useReport(Number(projectId), comparison?.survey.project_id ?? null);
  const { drawn, drawnRef, rgbaRef } = useDrawnTrees(ingest, comparison, data.colours);
  const refs = { container: containerRef, screen: screenRef, drawn: drawnRef, rgba: rgbaRef };
  const { view, gps } = useScreenMap(refs, dispatch, i18n.dir() === 'rtl');
  // Scouting records and tasks (issue 36): their layer, panel and the tree's section.
  const scouting = useScouting(Number(projectId));
  useExposedTrees(drawn, screenRef);

  const plots = useMemo(() => areaItems(ingest?.plots ?? []), [ingest]);
  const areas = useMemo(() => areaItems(ingest?.irrigationAreas ?? []), [ingest]);
  const zoneNames = useMemo(() => zoneNamesOf(ingest), [ingest]);
  const { fitToPlots, flyToTree, flyTo } = useMapCamera({ view, ingest, loadId: data.loadId, initialView, drawnRef, dispatch });

  const sel = layers.selected;
  const selected = useSelection({ client, sel, comparison, ingest, plots, areas, t });
  const { treeValues, comparedValues, selection, featureName, selectedArea, selectedPlot, exportScope } = selected;
  // The aerial photo (issue 37): its layer under everything, the swipe while comparing, the tree's crop.
  const photo = useOrthophoto(view.map, Number(projectId), comparison?.survey.project_id ?? null);
  const zones = useZoneRows(panel, client, ingest, comparison);

  const treeLabels: TreeLabel[] = useTreeLabels(view, client, drawn, layers.labels.trees && layers.visible.trees);
  const treeImage = useTreeImage(client, {
    drawn,
    coloursId: data.colours?.id ?? null,
    zoom: view.zoom,
    pixelRatio: view.pixelRatio,
    on: layers.visible.trees && view.zoom < TREE_DETAIL_ZOOM,
    sun: screen.sun,
  });
  const selZone = useMemo(() => selectedZone(sel), [sel]);
  const zoneCounts = useZoneLegend(client, mode, data.colours?.id ?? null, selZone);

  // The list follows the map: the legend filter, the comparison, and the plot or irrigation area selected (all its parts).
  const listFilter = useMemo(() => ({ mode, hidden, zone: selZone }), [mode, hidden, selZone]);
  const [listSort, setListSort] = useState<ListSort>(DEFAULT_LIST_SORT);
  // GPS that walks you to a tree (issue 35): the walk, "Next tree" and "Which tree am I at?" (map-walk.tsx).
  const walk = useMapWalk({
    client,
    loadId: data.loadId,
    drawn,
    listFilter,
    listSort,
    fix: gps.fix,
    tracking: gps.tracking,
    select: (i) => dispatch({ type: 'select', selected: { layer: 'trees', index: i } }),
    startGps: gps.start,
  });
  useMapLayers(view, screen, data, { plots, areas, drawn, treeLabels, treeImage, rxPreview, gps, walk, scouting });
  const { legends, recolour, compare } = useColouring({
    t,
    colouring: { mode, hidden },
    colours: data.colours,
    comparison,
    zoneCounts,
    areaCounts: { plots: plots.length, areas: areas.length },
    observationDate,
    dispatch,
    worker: { setColourMode, compareWith },
  });
  // The view lives in the URL: a reload or a shared link opens the same map (use-url-view.ts).
  useScreenUrl(initialView, { screen, selection, treeValues, comparison, ingest, loadId: data.loadId, view, projectId, client, dispatch, compare, recolour });

  const comparedOn = comparison?.survey.observation_date;
  const comparedDate = comparison ? (comparedOn ? formatSurveyDate(comparedOn, locale) : '') : null;
  const shown = infoModel(selection, {
    treeValues: !!treeValues && !!ingest,
    statistics: data.statistics,
    failed: !!(data.errors.statistics || data.errors.noProject),
    noResults: ingest && ingest.treeCount === 0 ? { scheduled: !!observationDate && observationDate > localToday() } : null,
  });

  // What the controls over the map and the open panel read (map-controls.tsx, map-panels.tsx).
  const parts: MapControlsProps & MapPanelsProps = {
    screen,
    dispatch,
    data,
    client,
    projectId,
    observationDate,
    locale,
    comparedDate,
    online,
    may,
    role,
    map: view.map,
    gps,
    walk,
    report,
    drawn,
    zoneNames,
    plots,
    areas,
    selZone,
    zoneCounts,
    zones,
    treeValues,
    featureName,
    selectedArea,
    exportScope,
    legends,
    recolour,
    compare,
    fitToPlots,
    flyToTree,
    flyTo,
    listFilter,
    listSort,
    onListSort: setListSort,
    photo,
    scouting,
    onPreview: setRxPreview,
  };

  if (data.notFound) return <SurveyNotFound />;
  return (
    <section className={`pm${screen.sun ? ' pm--sun' : ''}`} data-testid="project-map-page" data-load-id={data.loadId} data-colour-mode={mode}>
      <PathBar
        featureName={featureName}
        layerName={layers.infoLayer ? t(`layers.${layers.infoLayer}`) : null}
        projectName={data.projectName || projectId || ''}
        onBack={() => dispatch({ type: 'back' })}
      />
      <div className="pm__stage">
        <div ref={containerRef} className="pm__map" data-testid="pm-map" />
        <MapContextLost view={view} />
        <MapControls {...parts} />
        <MapPanels {...parts} />
        {data.overlayOpen && <LoadingOverlay progress={data.progress} step={data.step} />}
      </div>
      <InfoPanel>
        {ingest && <DeviceStrip projectId={Number(projectId)} origin={data.origin} hasPhoto={!!photo.own} plot={selectedPlot} />}
        {sel?.layer === 'trees' && treeValues && drawn && sel.index < drawn.count && (
          <TreePhotoCrop
            photo={photo.own}
            lon={drawn.positions[2 * sel.index]}
            lat={drawn.positions[2 * sel.index + 1]}
            canopy={typeof treeValues.canopy_diameter === 'number' ? treeValues.canopy_diameter : null}
          />
        )}
        <InfoContent
          shown={shown}
          tree={treeValues ? { values: treeValues, compared: comparedValues } : null}
          comparedDate={comparedDate}
          ranges={ingest}
          zoneNames={zoneNames}
          surveyDate={observationDate ? formatSurveyDate(observationDate, locale) : null}
        />
        {sel?.layer === 'trees' && (
          <TreeScouting projectId={Number(projectId)} treeId={typeof treeValues?.tree_id === 'number' ? treeValues.tree_id : null} scouting={scouting} />
        )}
      </InfoPanel>
    </section>
  );
}
