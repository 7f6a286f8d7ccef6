// Project map view (client.md §2 "Project map view", §4, §5, §8, §9).
import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { buildMapLayers, TAP_SLOP_PX, TREE_DETAIL_ZOOM, type TreeLabel } from '../../map/deck-layers';
import type { ListSort, ZoneRow } from '../../map/geo-client';
import { relatedSurveysQuery, type RelatedSurvey } from '../../api/project';
import { useQueryClient } from '@tanstack/react-query';
import { isChangeMode } from '../../../workers/geo/colours';
import { formatSurveyDate, isLaterSurvey, surveyDate } from '../../domain/survey-order';
import { localToday } from '../../domain/projects-dates';
import { MAP_DEFAULTS } from '../../map/map-config';
import { useMapView } from '../../map/use-map-view';
import { MapContextLost } from '../../map/context-lost';
import { useGps } from '../../map/use-gps';
import { InfoPanel } from './info-panel';
import { LayersPanel } from './layers-panel';
import { ExportPanel } from './export-panel';
import { PrescriptionPanel } from './prescription-panel';
import type { PrescriptionPreview } from '../../../workers/geo/prescription';
import { LoadingOverlay } from './loading-overlay';
import { MapToolbar } from './map-toolbar';
import { useReport } from './use-report';
import { PathBar } from './path-bar';
import { SurveysPanel } from './surveys-panel';
import type { TreeValues } from './tree-table';
import { areaItems, zoneNamesOf } from './area-items';
import { InfoContent } from './info-content';
import { DEFAULT_LIST_SORT, TreeListPanel } from './tree-list-panel';
import { ZoneTable } from './zone-table';
import { useProjectData } from './use-project-data';
import { useTreeLabels } from './use-tree-labels';
import { useTreeImage } from './use-tree-image';
import { useZoneLegend } from './use-zone-legend';
import { exposeTrees } from '../../map/map-debug';
import {
  colouringForCompare,
  errorKeys,
  exportScope as exportScopeOf,
  featureName as featureNameOf,
  infoModel,
  initialScreenState,
  legendModel,
  pickAt,
  problemsOnly,
  screenReducer,
  selectedSource,
  selectedZone,
  switchMode,
  toggleClass as toggleClassOf,
  type Colouring,
  type SelectionContext,
} from './controller';
import { CompareBar } from './compare-bar';
import { MapChips } from './map-chips';
import { MapWalkDock, useMapWalk } from './map-walk';
import { askForHeading } from '../../map/use-heading';
import { useOrthophoto } from './use-orthophoto';
import { OrthophotoRow } from './orthophoto-row';
import { PhotoSwipe } from './photo-swipe';
import { TreePhotoCrop } from './tree-photo-crop';
import { MapAlerts } from './map-alerts';
import { SurveyNotFound } from './survey-not-found';
import { readDismissed, writeDismissed } from './duplicate-alerts';
import { useInitialUrlView, useUrlView } from './use-url-view';
import { useSession } from '../../api/session';
import { mayDo, type SurveyAction } from '../../domain/roles';
import { useOnline } from '../../offline/surveys/use-device';
import { extentOf } from '../../../workers/geo/fit';
import { DeviceStrip, NeedsConnection } from './device-strip';
import { useScouting } from './scouting/use-scouting';
import { ScoutingPanel } from './scouting/scouting-panel';
import { ScoutingLayerRow } from './scouting/scouting-layer-row';
import { TreeScouting } from './scouting/tree-scouting';
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
  const queryClient = useQueryClient();
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
  const [zones, setZones] = useState<ZoneRow[] | null>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const ingest = data.ingest;
  const comparison = data.comparison;
  const report = useReport(Number(projectId), comparison?.survey.project_id ?? null);
  // The drawn trees: this survey's, then (while comparing) the trees only the compared survey has,
  // with the Float32 drawing offsets the worker computed once for them.
  const drawn = useMemo(() => {
    if (!ingest) return null;
    const extra = comparison?.result.drawn;
    return { positions: extra?.positions ?? ingest.positions, offsets: extra?.offsets ?? ingest.offsets, count: comparison?.treeCount ?? ingest.treeCount };
  }, [ingest, comparison]);
  const drawnRef = useRef(drawn);
  const rgbaRef = useRef<Uint8Array | null>(null);
  useEffect(() => {
    drawnRef.current = drawn;
    rgbaRef.current = data.colours?.rgba ?? null;
  });

  const view = useMapView(
    containerRef,
    {
      onClick: (click) => {
        // A finger (a coarse pointer) picks the tree within TAP_SLOP_PX (issue 35).
        const tap = window.matchMedia('(pointer: coarse)').matches ? TAP_SLOP_PX : 0;
        const s = screenRef.current;
        const hit = pickAt(click, view.pickAll(click.x, click.y), s.layers, drawnRef.current, view.map?.getZoom() ?? 0, rgbaRef.current, tap, s.sun);
        if (hit) dispatch({ type: 'select', selected: hit });
      },
      onUserMove: () => {
        dispatch({ type: 'zoomActive', on: false });
        gpsRef.current?.();
      },
    },
    // The toolbar sits at the inline end: the zoom buttons go to the other top corner (issue 35, Hebrew).
    { debugName: 'project', navigation: i18n.dir() === 'rtl' ? 'top-right' : 'top-left' },
  );
  const gps = useGps(view.map, MAP_DEFAULTS.gpsZoom);
  // Panning releases the GPS follow mode (issue 35); the map's handlers are set before the hook exists.
  const gpsRef = useRef<(() => void) | null>(null);
  useEffect(() => {
    gpsRef.current = gps.release;
  });
  // Scouting records and tasks (issue 36): their layer, panel and the tree's section.
  const scouting = useScouting(Number(projectId));
  // Tests and benchmarks find the trees through the map's debug handle.
  useEffect(
    () =>
      exposeTrees(
        'project',
        drawn && {
          count: drawn.count,
          lngLat: (i) => (i >= 0 && i < drawn.count ? [drawn.positions[2 * i], drawn.positions[2 * i + 1]] : null),
          selected: () => screenRef.current.layers.selected,
        },
      ),
    [drawn],
  );

  const plots = useMemo(() => areaItems(ingest?.plots ?? []), [ingest]);
  const areas = useMemo(() => areaItems(ingest?.irrigationAreas ?? []), [ingest]);
  const zoneNames = useMemo(() => zoneNamesOf(ingest), [ingest]);

  const fitToPlots = (animate: boolean) => {
    const fit = ingest?.fit;
    if (!view.map || !fit) return;
    const [minX, minY, maxX, maxY] = fit.bbox;
    view.map.fitBounds(
      [
        [minX, minY],
        [maxX, maxY],
      ],
      {
        padding: MAP_DEFAULTS.padding,
        maxZoom: fit.maxZoom,
        duration: animate ? MAP_DEFAULTS.animationMs : 0,
      },
    );
  };

  // Once per completed load: pick the first layer as info layer and fit (§4), or go to the link's camera.
  const fittedFor = useRef(0);
  useEffect(() => {
    if (data.loadId === 0 || fittedFor.current === data.loadId || !view.map) return;
    const first = fittedFor.current === 0;
    fittedFor.current = data.loadId;
    dispatch({ type: 'autoInfo' });
    const at = first ? initialView.camera : null;
    if (at) view.map.jumpTo({ center: [at.lon, at.lat], zoom: at.zoom });
    else fitToPlots(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data.loadId, view.map]);
  // A map built again after a lost context starts at the default view: back to the plots.
  useEffect(() => {
    if (view.generation > 0 && view.map) fitToPlots(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [view.generation, view.map]);

  // The selected tree's field/value table comes from the worker's columns.
  // Kept with the selection they belong to: another selection shows nothing until its own values arrive.
  const sel = layers.selected;
  const [treeInfo, setTreeInfo] = useState<{ sel: typeof sel; values: TreeValues | null; compared: TreeValues | null } | null>(null);
  useEffect(() => {
    let live = true;
    const c = client.current;
    if (sel?.layer === 'trees' && c) {
      void Promise.all([c.treeProperties(sel.index), c.comparedProperties(sel.index)]).then(
        ([values, compared]) => live && setTreeInfo({ sel, values, compared }),
      );
    }
    return () => {
      live = false;
    };
  }, [sel, client, comparison]);
  const treeValues = treeInfo?.sel === sel ? treeInfo.values : null;
  // The aerial photo (issue 37): its layer under everything, the swipe while comparing, the tree's crop.
  const photo = useOrthophoto(view.map, Number(projectId), comparison?.survey.project_id ?? null);
  const comparedValues = treeInfo?.sel === sel ? treeInfo.compared : null;

  // The zone table is computed in the worker when it is open, again for each comparison.
  useEffect(() => {
    let live = true;
    if (panel === 'zones' && client.current && ingest) void client.current.zones().then((z) => live && setZones(z));
    return () => {
      live = false;
    };
  }, [panel, client, ingest, comparison]);

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
  // The position on the map: the smoothed dot, its accuracy circle and heading (gps-layers.ts, issue 35).
  const gpsMark = useMemo(
    () =>
      gps.fix
        ? { position: [gps.fix.lon, gps.fix.lat] as [number, number], accuracy: gps.fix.accuracy, heading: walk.heading ?? gps.fix.heading ?? null }
        : null,
    [gps.fix, walk.heading],
  );

  useEffect(() => {
    view.setLayers([
      ...buildMapLayers({
        view: layers,
        plots: data.errors.trees || data.errors.noProject ? [] : plots,
        areas,
        trees:
          drawn && data.colours && data.colours.rgba.length === 4 * drawn.count
            ? { count: drawn.count, positions: drawn.positions, rgba: data.colours.rgba, offsets: drawn.offsets }
            : null,
        treeLabels,
        zoom: view.zoom,
        selected: layers.selected,
        gps: gpsMark,
        treeImage,
        prescription: panel === 'prescription' ? rxPreview : null,
        sun: screen.sun,
      }),
      ...scouting.layers,
    ]);
  }, [view, layers, plots, areas, drawn, data.colours, data.errors, treeLabels, treeImage, gpsMark, panel, rxPreview, scouting.layers, screen.sun]);

  // With a plot or irrigation area selected, the legend counts its trees (the same grouping as the info panel).
  const legends = useMemo(
    () =>
      legendModel(
        { mode, hidden },
        { counts: zoneCounts ?? data.colours?.counts ?? null, range: data.colours?.range ?? null },
        { plots: plots.length, areas: areas.length },
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
    [data.colours, zoneCounts, mode, hidden, plots.length, areas.length, t],
  );

  /** A new colouring: the screen shows it and the worker colours the trees with it. */
  const recolour = (c: Colouring) => {
    dispatch({ type: 'colours', ...c });
    void setColourMode(c.mode, c.hidden);
  };
  /** Compare with a survey (null: this survey alone again; a change mode falls back to status). */
  const compare = async (s: RelatedSurvey | null): Promise<boolean> => {
    const next = colouringForCompare({ mode, hidden }, !!comparison, !!s, isChangeMode);
    const newer = !!s && isLaterSurvey(s.observation_date, observationDate);
    if (await compareWith(s, newer, next.mode, next.hidden)) {
      dispatch({ type: 'colours', ...next });
      return true;
    }
    if (isChangeMode(mode)) recolour(switchMode('status'));
    return false;
  };
  const flyToTree = (i: number) => {
    const d = drawnRef.current;
    if (!d || !view.map || i < 0 || i >= d.count) return;
    dispatch({ type: 'select', selected: { layer: 'trees', index: i } });
    view.map.flyTo({
      center: [d.positions[2 * i], d.positions[2 * i + 1]],
      zoom: Math.max(view.map.getZoom(), MAP_DEFAULTS.maxFitZoom),
      duration: MAP_DEFAULTS.animationMs,
    });
  };
  const selectZone = (z: ZoneRow) => dispatch({ type: 'select', selected: { layer: z.kind === 'plot' ? 'plots' : 'irrigationAreas', index: z.index } });
  const closePanel = () => dispatch({ type: 'closePanel' });

  const selection: SelectionContext = {
    sel,
    plots,
    areas,
    plotSources: ingest?.plots ?? [],
    areaSources: ingest?.irrigationAreas ?? [],
    treeId: treeValues?.tree_id,
    treeLabel: t('fields.tree_id'),
  };
  const featureName = featureNameOf(selection);
  // The view lives in the URL: a reload or a shared link opens the same map (use-url-view.ts).
  useUrlView(
    initialView,
    data.loadId > 0 && !!ingest && !!view.map,
    {
      layers,
      mode,
      hidden,
      selectedId:
        sel?.layer === 'trees' ? (treeValues?.tree_id == null ? null : String(treeValues.tree_id)) : (selectedSource(selection)?.sourceId?.toString() ?? null),
      compare: comparison?.survey.project_id ?? null,
      sun: screen.sun,
      map: view.map,
      moveId: view.moveId,
    },
    {
      setVisible: (ids) => dispatch({ type: 'setVisible', ids }),
      compare: async (id) => {
        const list = await queryClient.fetchQuery(relatedSurveysQuery(String(projectId))).catch(() => []);
        const s = list.find((x) => x.project_id === id && x.observation_count > 0);
        return !!s && (await compare(s));
      },
      colour: (m, h) => recolour({ mode: m, hidden: h }),
      select: async (layer, id) => {
        if (layer === 'trees') {
          const i = (await client.current?.treeIndex(id)) ?? -1;
          if (i >= 0) dispatch({ type: 'select', selected: { layer, index: i } });
          return;
        }
        const list = layer === 'plots' ? (ingest?.plots ?? []) : (ingest?.irrigationAreas ?? []);
        const i = list.findIndex((f) => String(f.sourceId) === id);
        if (i >= 0) dispatch({ type: 'select', selected: { layer, index: i } });
      },
    },
  );
  const selectedArea = selectedSource(selection);
  // The selected plot (all its parts) for "Keep this plot's photo at full resolution" (issue 37 "Offline").
  const selectedPlot = useMemo(() => {
    const src = sel?.layer === 'plots' ? ingest?.plots[sel.index] : undefined;
    const bounds = src && extentOf(ingest!.plots.filter((f) => f.sourceId === src.sourceId).map((f) => f.geometry));
    return src && bounds ? { plotId: String(src.sourceId), name: plots[sel!.index]?.label ?? '', bounds } : null;
  }, [sel, ingest, plots]);
  const exportScope = exportScopeOf(selection);

  const comparedOn = comparison?.survey.observation_date;
  const comparedDate = comparison ? (comparedOn ? formatSurveyDate(comparedOn, locale) : '') : null;
  const shown = infoModel(selection, {
    treeValues: !!treeValues && !!ingest,
    statistics: data.statistics,
    failed: !!(data.errors.statistics || data.errors.noProject),
    noResults: ingest && ingest.treeCount === 0 ? { scheduled: !!observationDate && observationDate > localToday() } : null,
  });

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
            fitToPlots(true);
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
          may={may}
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
          drawn={drawn}
          fix={gps.fix}
          gpsOff={gps.denied}
          selected={sel?.layer === 'trees' ? sel.index : null}
          values={treeValues}
          zoneNames={zoneNames}
        />
        <CompareBar comparison={comparison} comparing={data.comparing} date={comparedDate ?? ''} onOff={() => void compare(null)} />
        <PhotoSwipe map={view.map} photo={photo} ownDate={observationDate ? formatSurveyDate(observationDate, locale) : ''} comparedDate={comparedDate ?? ''} />
        <MapAlerts
          errors={errorKeys(data.errors).map((k) => t(k))}
          report={report}
          alerts={data.alerts.filter((a) => !screen.dismissed.includes(a.key))}
          onDismiss={(a) => dispatch({ type: 'dismiss', alert: a })}
        />
        {panel === 'layers' && (
          <LayersPanel
            state={layers}
            dispatch={dispatch}
            legends={legends}
            legendScope={zoneCounts && selectedArea ? featureName : null}
            colourMode={mode}
            comparing={!!comparison}
            onColourMode={(m) => recolour(switchMode(m))}
            onToggleClass={(cls) => recolour(toggleClassOf({ mode, hidden }, cls))}
            onClose={closePanel}
            locale={locale}
          >
            <OrthophotoRow photo={photo} />
            <ScoutingLayerRow scouting={scouting} />
          </LayersPanel>
        )}
        {(panel === 'export' || panel === 'prescription') && !online && <NeedsConnection title={t(`buttons.${panel}`)} onClose={closePanel} />}
        {panel === 'export' && online && Number(projectId) > 0 && (
          <ExportPanel
            projectId={Number(projectId)}
            mode={mode}
            hidden={hidden}
            counts={data.colours?.counts ?? null}
            scope={exportScope}
            compare={comparison?.survey.project_id}
            onClose={closePanel}
          />
        )}
        {panel === 'prescription' && online && Number(projectId) > 0 && ingest && (
          <PrescriptionPanel projectId={Number(projectId)} client={client} dataKey={String(data.loadId)} onPreview={setRxPreview} onClose={closePanel} />
        )}
        {(panel === 'surveys' || panel === 'previous' || panel === 'compare') && projectId && (
          <SurveysPanel
            projectId={projectId}
            observationDate={observationDate}
            mode={panel}
            onClose={closePanel}
            comparedId={comparison?.survey.project_id ?? null}
            onCompare={(s) => {
              closePanel();
              void compare(s);
            }}
          />
        )}
        {panel === 'zones' && Number(projectId) > 0 && (
          <ZoneTable
            projectId={Number(projectId)}
            rows={zones}
            mayExport={may('export') && online}
            comparedId={comparison?.survey.project_id ?? null}
            selected={selZone && { kind: selZone.kind, index: selZone.part }}
            onSelect={selectZone}
            onClose={closePanel}
          />
        )}
        {panel === 'list' && ingest && (
          <TreeListPanel
            client={client}
            filter={listFilter}
            dataKey={`${data.loadId}:${comparison?.survey.project_id ?? ''}`}
            comparing={!!comparison}
            plotNames={plots.map((x) => x.label)}
            areaNames={areas.map((x) => x.label)}
            scopeName={selectedArea ? featureName : null}
            sort={listSort}
            onSort={setListSort}
            onPick={flyToTree}
            onProblems={() => recolour(problemsOnly({ mode, hidden }, !!comparison))}
            onClose={closePanel}
          />
        )}
        {panel === 'scouting' && Number(projectId) > 0 && (
          <ScoutingPanel
            projectId={Number(projectId)}
            scouting={scouting}
            client={client}
            listFilter={listFilter}
            selectedTreeId={sel?.layer === 'trees' && typeof treeValues?.tree_id === 'number' ? treeValues.tree_id : null}
            mayManage={role !== 'worker'}
            onFly={(lon, lat) =>
              view.map?.flyTo({ center: [lon, lat], zoom: Math.max(view.map.getZoom(), MAP_DEFAULTS.maxFitZoom), duration: MAP_DEFAULTS.animationMs })
            }
            onClose={closePanel}
          />
        )}
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
