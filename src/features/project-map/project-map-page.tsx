// Project map view (client.md §2 "Project map view", §4, §5, §8, §9).
import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { buildMapLayers, chooseFeature, treeAt, TREE_DETAIL_ZOOM, type AreaItem, type LayerId, type TreeLabel } from '../../map/deck-layers';
import type { ColourMode, ZoneRef, ZoneRow } from '../../map/geo-client';
import type { RelatedSurvey } from '../../api/project';
import { isChangeMode } from '../../../workers/geo/colours';
import { CHANGE } from '../../../workers/geo/compare';
import { zoneLabel } from '../../../workers/geo/features';
import { isLaterSurvey, surveyDate } from '../../domain/survey-order';
import { MAP_DEFAULTS } from '../../map/map-config';
import { useMapView } from '../../map/use-map-view';
import { MapContextLost } from '../../map/context-lost';
import { useGps } from '../../map/use-gps';
import { InfoPanel } from './info-panel';
import { initialLayerState, layerReducer } from './layer-state';
import { LayersPanel } from './layers-panel';
import { legendFor, type LegendEntry } from './legend';
import { ExportPanel, type ExportScope } from './export-panel';
import { PrescriptionPanel } from './prescription-panel';
import type { PrescriptionPreview } from '../../../workers/geo/prescription';
import { LoadingOverlay } from './loading-overlay';
import { MapToolbar } from './map-toolbar';
import { useReport } from './use-report';
import { PathBar } from './path-bar';
import { StatisticsView } from './statistics-view';
import { SurveysPanel } from './surveys-panel';
import { TreeTable, type TreeValues } from './tree-table';
import { TreeListPanel } from './tree-list-panel';
import { ZoneTable } from './zone-table';
import { useProjectData } from './use-project-data';
import { useTreeLabels } from './use-tree-labels';
import { useTreeImage } from './use-tree-image';
import { useZoneLegend } from './use-zone-legend';
import { useMapTestHook } from './use-map-test-hook';
import { CompareBar } from './compare-bar';
import './project-map.css';

export default function ProjectMapPage() {
  const { projectId } = useParams();
  // A new project id is a new screen: fresh layer state, map and worker.
  return <ProjectMapScreen key={projectId ?? ''} />;
}

function areaItems(list: { geometry: AreaItem['polygon']; id: string | number; properties: Record<string, unknown> }[]): AreaItem[] {
  return list.map((f, index) => ({ index, polygon: f.geometry, label: zoneLabel(f.properties) ?? String(f.id) }));
}

function ProjectMapScreen() {
  const { t, i18n } = useTranslation('project-map');
  const locale = i18n.language;
  const { projectId, observationTime } = useParams();
  const observationDate = surveyDate(observationTime);
  const location = useLocation();
  const navState = location.state as { projectName?: string; name?: string } | null;
  const { data, client, setColourMode, compareWith } = useProjectData(projectId, navState?.projectName ?? navState?.name);
  const [layers, dispatch] = useReducer(layerReducer, undefined, initialLayerState);
  const layersRef = useRef(layers);
  useEffect(() => {
    layersRef.current = layers;
  });
  const [mode, setMode] = useState<ColourMode>('status');
  /** Legend classes of the colour mode the grower switched off (the legend filter). */
  const [hidden, setHidden] = useState<number[]>([]);
  const [panel, setPanel] = useState<'layers' | 'surveys' | 'previous' | 'export' | 'compare' | 'list' | 'zones' | 'prescription' | null>(null);
  // The prescription panel's zones, drawn coloured by rate while it is open.
  const [rxPreview, setRxPreview] = useState<PrescriptionPreview | null>(null);
  const [zones, setZones] = useState<ZoneRow[] | null>(null);
  const [zoomActive, setZoomActive] = useState(false);
  const [dismissed, setDismissed] = useState<string[]>([]);
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

  const view = useMapView(containerRef, {
    onClick: (info) => {
      const shown = layersRef.current.visible.trees ? drawnRef.current : null;
      const at = info.coordinate;
      const tree = shown && view.map ? treeAt(shown.positions, shown.count, at[0], at[1], view.map.getZoom(), rgbaRef.current) : -1;
      const hit = chooseFeature(view.pickAll(info.x, info.y), layersRef.current.infoLayer, tree);
      if (hit) dispatch({ type: 'select', selected: hit });
    },
    onUserMove: () => setZoomActive(false),
  });
  const gps = useGps(view.map, MAP_DEFAULTS.gpsZoom);

  const plots = useMemo(() => areaItems(ingest?.plots ?? []), [ingest]);
  const areas = useMemo(() => areaItems(ingest?.irrigationAreas ?? []), [ingest]);

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

  // Once per completed load: pick the first layer as info layer and fit (§4).
  const fittedFor = useRef(0);
  useEffect(() => {
    if (data.loadId === 0 || fittedFor.current === data.loadId || !view.map) return;
    fittedFor.current = data.loadId;
    dispatch({ type: 'autoInfo' });
    fitToPlots(true);
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
  });
  // The plot or irrigation area selected on the map (one of its parts): the legend, the list and the areas table follow it.
  const selZone = useMemo<ZoneRef | null>(
    () => (sel && sel.layer !== 'trees' ? { kind: sel.layer === 'plots' ? 'plot' : 'area', part: sel.index } : null),
    [sel],
  );
  const zoneCounts = useZoneLegend(client, mode, data.colours?.id ?? null, selZone);

  useEffect(() => {
    view.setLayers(
      buildMapLayers({
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
        gps: gps.position,
        treeImage,
        prescription: panel === 'prescription' ? rxPreview : null,
      }),
    );
  }, [view, layers, plots, areas, drawn, data.colours, data.errors, treeLabels, treeImage, gps.position, panel, rxPreview]);

  useMapTestHook(drawn, view.map, layersRef);

  // With a plot or irrigation area selected, the legend counts its trees (the same grouping as the info panel).
  const legends = useMemo<Record<LayerId, LegendEntry[]>>(() => {
    const counts = zoneCounts ?? data.colours?.counts ?? null;
    return {
      plots: [{ key: 'plots', colour: [0, 0, 0, 255], label: t('layers.plots'), count: plots.length }],
      irrigationAreas: [{ key: 'areas', colour: [0x21, 0x96, 0xf3, 255], label: t('layers.irrigationAreas'), count: areas.length }],
      trees: legendFor(
        mode,
        counts,
        data.colours?.range ?? null,
        { status: (c) => t(`status.${c}`), noValue: t('layers.noValue'), change: (k) => t(`change.${k}`) },
        hidden,
      ),
    };
  }, [data.colours, zoneCounts, mode, hidden, plots.length, areas.length, t]);

  // A new colour mode starts with every class shown (class numbers mean something else in it).
  const changeMode = (m: ColourMode, hide: number[] = []) => {
    setMode(m);
    setHidden(hide);
    void setColourMode(m, hide);
  };
  /** Compare with a survey (null: this survey alone again; a change mode falls back to status). */
  const compare = async (s: RelatedSurvey | null) => {
    const next = !s && isChangeMode(mode) ? 'status' : s && !comparison ? 'change' : mode;
    const hide = next === mode ? hidden : [];
    const newer = !!s && isLaterSurvey(s.observation_date, observationDate);
    if (await compareWith(s, newer, next, hide)) {
      setMode(next);
      setHidden(hide);
    } else if (isChangeMode(mode)) changeMode('status');
  };
  /** The list's shortcut: hide the classes that are not a problem (status, or change while comparing). */
  const onlyProblems = () => {
    if (comparison && mode === 'change') changeMode('change', [CHANGE.stable, CHANGE.improved, CHANGE.unknown]);
    else changeMode('status', [0]);
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
  const toggleClass = (cls: number) => {
    const next = hidden.includes(cls) ? hidden.filter((c) => c !== cls) : [...hidden, cls].sort((a, b) => a - b);
    setHidden(next);
    void setColourMode(mode, next);
  };

  const featureName = !sel
    ? null
    : sel.layer === 'trees'
      ? treeValues
        ? `${t('fields.tree_id')} ${treeValues.tree_id}`
        : null
      : ((sel.layer === 'plots' ? plots : areas)[sel.index]?.label ?? null);

  const selectedArea = sel && sel.layer !== 'trees' ? (sel.layer === 'plots' ? ingest?.plots : ingest?.irrigationAreas)?.[sel.index] : null;
  const exportScope: ExportScope | null =
    selectedArea && Number.isInteger(Number(selectedArea.sourceId))
      ? { kind: sel!.layer === 'plots' ? 'plot' : 'area', id: Number(selectedArea.sourceId), name: featureName ?? String(selectedArea.sourceId) }
      : null;

  const stats = data.statistics;
  let info: React.ReactNode;
  const df = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  const comparedDate = comparison?.survey.observation_date ? df.format(new Date(`${comparison.survey.observation_date}T00:00:00`)) : '';
  if (sel?.layer === 'trees' && treeValues && ingest) {
    const onlyCompared = treeValues.only_in === 'compared';
    info = (
      <TreeTable
        values={onlyCompared ? null : treeValues}
        compared={comparison ? { values: onlyCompared ? treeValues : comparedValues, label: t('compare.compared', { date: comparedDate }) } : null}
        npkRanges={ingest.npkRanges}
        vitality={ingest.vitalityRange}
        locale={locale}
      />
    );
  } else if (sel && sel.layer !== 'trees' && stats) {
    const sourceId = String(selectedArea?.sourceId ?? '');
    const entry =
      sel.layer === 'plots'
        ? stats.plots.find((p) => String(p.plot_id) === sourceId)
        : stats.irrigation_areas?.find((a) => String(a.irrigation_area_id) === sourceId);
    info = entry ? (
      <StatisticsView
        stats={entry.statistics}
        title={`${t(sel.layer === 'plots' ? 'info.plotStats' : 'info.areaStats')} – ${featureName ?? ''}`}
        locale={locale}
      />
    ) : null;
  } else if (stats) {
    info = <StatisticsView stats={stats.total} title={t('info.projectStats')} locale={locale} />;
  } else if (data.errors.statistics || data.errors.noProject) {
    info = (
      <div className="pm-nodata" data-testid="pm-nodata">
        <strong>{t('info.noData')}</strong>
        <p>{t('info.noDataHint')}</p>
      </div>
    );
  }

  // The list follows the map: the legend filter, the comparison, and the plot or irrigation area selected (all its parts).
  const listFilter = useMemo(() => ({ mode, hidden, zone: selZone }), [mode, hidden, selZone]);

  const errors = [
    data.errors.noProject && t('errors.noProject'),
    data.errors.trees && t('errors.trees'),
    data.errors.statistics && t('errors.statistics'),
    data.errors.project && t('errors.project'),
  ].filter(Boolean) as string[];
  const alerts = data.alerts.filter((a) => !dismissed.includes(a));

  return (
    <section className="pm" data-testid="project-map-page" data-load-id={data.loadId} data-colour-mode={mode}>
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
          onLayers={() => setPanel((p) => (p === 'layers' ? null : 'layers'))}
          onSurveys={() => setPanel((p) => (p === 'surveys' ? null : 'surveys'))}
          onPrevious={() => setPanel((p) => (p === 'previous' ? null : 'previous'))}
          exportOpen={panel === 'export'}
          onExport={() => setPanel((p) => (p === 'export' ? null : 'export'))}
          open={panel}
          onPanel={(k) => setPanel((p) => (p === k ? null : k))}
          comparing={!!comparison}
          zoomActive={zoomActive}
          onZoomToPlots={() => {
            setZoomActive(true);
            fitToPlots(true);
          }}
          navigating={gps.tracking}
          onNavigate={gps.toggle}
          reporting={report.busy}
          onReport={() => void report.run()}
        />
        <CompareBar comparison={comparison} comparing={data.comparing} date={comparedDate} onOff={() => void compare(null)} />
        {(errors.length > 0 || alerts.length > 0 || report.message) && (
          <div className="pm-alerts">
            {errors.map((e) => (
              <div key={e} className="pm-alert pm-alert--error" role="alert">
                {e}
              </div>
            ))}
            {report.message && (
              <div className={`pm-alert${report.busy ? '' : ' pm-alert--error'}`} role={report.busy ? 'status' : 'alert'} data-testid="pm-report-status">
                <span>{report.message}</span>
                {!report.busy && (
                  <button type="button" className="pm-close" onClick={report.dismiss} aria-label={t('layers.close')}>
                    ✕
                  </button>
                )}
              </div>
            )}
            {alerts.map((a) => (
              <div key={a} className="pm-alert" role="alert" data-testid="pm-duplicate-alert">
                <span dir="ltr">{a}</span>
                <button type="button" className="pm-close" onClick={() => setDismissed((d) => [...d, a])} aria-label={t('layers.close')}>
                  ✕
                </button>
              </div>
            ))}
          </div>
        )}
        {panel === 'layers' && (
          <LayersPanel
            state={layers}
            dispatch={dispatch}
            legends={legends}
            legendScope={zoneCounts && selectedArea ? featureName : null}
            colourMode={mode}
            comparing={!!comparison}
            onColourMode={(m) => changeMode(m)}
            onToggleClass={toggleClass}
            onClose={() => setPanel(null)}
            locale={locale}
          />
        )}
        {panel === 'export' && Number(projectId) > 0 && (
          <ExportPanel
            projectId={Number(projectId)}
            mode={mode}
            hidden={hidden}
            counts={data.colours?.counts ?? null}
            scope={exportScope}
            compare={comparison?.survey.project_id}
            onClose={() => setPanel(null)}
          />
        )}
        {panel === 'prescription' && Number(projectId) > 0 && ingest && (
          <PrescriptionPanel
            projectId={Number(projectId)}
            client={client}
            dataKey={String(data.loadId)}
            onPreview={setRxPreview}
            onClose={() => setPanel(null)}
          />
        )}
        {(panel === 'surveys' || panel === 'previous' || panel === 'compare') && projectId && (
          <SurveysPanel
            projectId={projectId}
            observationDate={observationDate}
            mode={panel}
            onClose={() => setPanel(null)}
            comparedId={comparison?.survey.project_id ?? null}
            onCompare={(s) => {
              setPanel(null);
              void compare(s);
            }}
          />
        )}
        {panel === 'zones' && Number(projectId) > 0 && (
          <ZoneTable
            projectId={Number(projectId)}
            rows={zones}
            comparedId={comparison?.survey.project_id ?? null}
            selected={selZone && { kind: selZone.kind, index: selZone.part }}
            onSelect={selectZone}
            onClose={() => setPanel(null)}
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
            onPick={flyToTree}
            onProblems={onlyProblems}
            onClose={() => setPanel(null)}
          />
        )}
        {data.overlayOpen && <LoadingOverlay progress={data.progress} step={data.step} />}
      </div>
      <InfoPanel>{info}</InfoPanel>
    </section>
  );
}
