// The panel the toolbar opened, one at a time (client.md §2 "Project map view"; issues 13, 35, 36, 37): layers with
// their legends, export and prescription (without a connection: "needs a connection"), surveys, previous data and
// compare, the plots and irrigation areas table, the tree list and scouting.
import type { Dispatch, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { RelatedSurvey } from '../../api/project';
import type { Role, SurveyAction } from '../../domain/roles';
import type { AreaItem, LayerId } from '../../map/deck-layers';
import type { GeoClient, ListFilter, ListSort, ZoneRef, ZoneRow } from '../../map/geo-client';
import type { PrescriptionPreview } from '../../../workers/geo/prescription';
import {
  problemsOnly,
  switchMode,
  toggleClass as toggleClassOf,
  type AreaSource,
  type Colouring,
  type ExportScope,
  type ScreenAction,
  type ScreenState,
} from './controller';
import { NeedsConnection } from './device-strip';
import { ExportPanel } from './export-panel';
import { LayersPanel } from './layers-panel';
import type { LegendEntry } from './legend';
import { OrthophotoRow } from './orthophoto-row';
import { PrescriptionPanel } from './prescription-panel';
import { ScoutingLayerRow } from './scouting/scouting-layer-row';
import { ScoutingPanel } from './scouting/scouting-panel';
import type { Scouting } from './scouting/use-scouting';
import { SurveysPanel } from './surveys-panel';
import { TreeListPanel } from './tree-list-panel';
import type { TreeValues } from './tree-table';
import type { PhotoState } from './use-orthophoto';
import type { ProjectData } from './use-project-data';
import { ZoneTable } from './zone-table';

export interface MapPanelsProps {
  screen: ScreenState;
  dispatch: Dispatch<ScreenAction>;
  data: ProjectData;
  client: RefObject<GeoClient | null>;
  projectId: string | undefined;
  observationDate: string | null;
  locale: string;
  /** Without a connection, export and prescription say "needs a connection" (issue 35). */
  online: boolean;
  /** What the signed-in role may do (src/domain/roles.ts). */
  may: (action: SurveyAction) => boolean;
  role: Role | undefined;
  legends: Record<LayerId, LegendEntry[]>;
  /** The legend's counts inside the selected plot or irrigation area (use-zone-legend.ts). */
  zoneCounts: Uint32Array | null;
  plots: AreaItem[];
  areas: AreaItem[];
  /** The selection's name, and the selected plot's or area's feature (null: none selected). */
  featureName: string | null;
  selectedArea: AreaSource | null;
  selZone: ZoneRef | null;
  treeValues: TreeValues | null;
  exportScope: ExportScope | null;
  zones: ZoneRow[] | null;
  listFilter: ListFilter;
  listSort: ListSort;
  onListSort: (sort: ListSort) => void;
  photo: PhotoState;
  scouting: Scouting;
  recolour: (c: Colouring) => void;
  compare: (s: RelatedSurvey | null) => Promise<boolean>;
  onPreview: (p: PrescriptionPreview | null) => void;
  flyToTree: (i: number) => void;
  flyTo: (lon: number, lat: number) => void;
}

export function MapPanels(p: MapPanelsProps) {
  const { screen, dispatch, data, client, projectId, online, featureName, selectedArea, selZone, treeValues, listFilter, scouting, recolour, compare } = p;
  const { t } = useTranslation('project-map');
  const { layers, mode, hidden, panel } = screen;
  const sel = layers.selected;
  const comparison = data.comparison;
  const selectZone = (z: ZoneRow) => dispatch({ type: 'select', selected: { layer: z.kind === 'plot' ? 'plots' : 'irrigationAreas', index: z.index } });
  const closePanel = () => dispatch({ type: 'closePanel' });
  return (
    <>
      {panel === 'layers' && (
        <LayersPanel
          state={layers}
          dispatch={dispatch}
          legends={p.legends}
          legendScope={p.zoneCounts && selectedArea ? featureName : null}
          colourMode={mode}
          comparing={!!comparison}
          onColourMode={(m) => recolour(switchMode(m))}
          onToggleClass={(cls) => recolour(toggleClassOf({ mode, hidden }, cls))}
          onClose={closePanel}
          locale={p.locale}
        >
          <OrthophotoRow photo={p.photo} />
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
          scope={p.exportScope}
          compare={comparison?.survey.project_id}
          onClose={closePanel}
        />
      )}
      {panel === 'prescription' && online && Number(projectId) > 0 && data.ingest && (
        <PrescriptionPanel projectId={Number(projectId)} client={client} dataKey={String(data.loadId)} onPreview={p.onPreview} onClose={closePanel} />
      )}
      {(panel === 'surveys' || panel === 'previous' || panel === 'compare') && projectId && (
        <SurveysPanel
          projectId={projectId}
          observationDate={p.observationDate}
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
          rows={p.zones}
          mayExport={p.may('export') && online}
          comparedId={comparison?.survey.project_id ?? null}
          selected={selZone && { kind: selZone.kind, index: selZone.part }}
          onSelect={selectZone}
          onClose={closePanel}
        />
      )}
      {panel === 'list' && data.ingest && (
        <TreeListPanel
          client={client}
          filter={listFilter}
          dataKey={`${data.loadId}:${comparison?.survey.project_id ?? ''}`}
          comparing={!!comparison}
          plotNames={p.plots.map((x) => x.label)}
          areaNames={p.areas.map((x) => x.label)}
          scopeName={selectedArea ? featureName : null}
          sort={p.listSort}
          onSort={p.onListSort}
          onPick={p.flyToTree}
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
          mayManage={p.role !== 'worker'}
          onFly={p.flyTo}
          onClose={closePanel}
        />
      )}
    </>
  );
}
