import type { Geometry } from 'geojson';
import type { ClientDataWire, EditorAreaFeature, EditorOptions, EditorPlotFeature, EditorTreeFeature } from '../domain/contracts/data-editor';
import type { BoundaryImportResponse, BoundaryPreview } from '../domain/contracts/boundaries';
import { del, get, patch, post } from './client';
import { TreeColumns, applyTreeDelta } from './admin-data-trees';
import type { BoundaryCandidate } from '../domain/boundary-feature-rules';

// The geospatial data editor's calls (admin.md §7). Geometry goes out as WKT
// text (the forms) or a GeoJSON geometry (the drawing map); the server
// validates both and answers 422 with the reason.

export const CLIENTS_TIMEOUT_MS = 15_000;

export type EditorType = 'plot' | 'irrigation' | 'tree';

// The answers' shapes are the server's contract (src/domain/contracts/data-editor.ts, boundaries.ts).
export type PlotProps = EditorPlotFeature['properties'];
export type AreaProps = EditorAreaFeature['properties'];
/** A tree's properties as the columns give them (they carry no created_at). */
export type TreeProps = Omit<EditorTreeFeature['properties'], 'created_at'>;

export type PlotFeature = EditorPlotFeature;
export type AreaFeature = EditorAreaFeature;
export type TreeFeature = Omit<EditorTreeFeature, 'properties'> & { properties: TreeProps };
export type EditorFeature = PlotFeature | AreaFeature | TreeFeature;

export interface ClientData
  extends Pick<ClientDataWire, 'plots' | 'irrigationAreas'>, Partial<Pick<ClientDataWire, 'projects' | 'trees_version' | 'client_id'>> {
  /** Columns on the wire (server/routes/admin/data/read.ts); features are made on demand. */
  trees: TreeColumns;
}
export interface ClientSummary {
  client_id: number;
  name: string;
  plot_count?: number;
}
export type Options = Pick<EditorOptions, 'crops' | 'breeds'>;

export type GeomInput = string | Geometry;
export interface PlotInput {
  plot_name: string;
  crop_id?: number | null;
  plot_area?: number | null;
  geom: GeomInput;
  client_id: number;
}
export interface AreaInput {
  irrigation_area_name: string;
  geom: GeomInput;
  client_id?: number;
}
export interface TreeInput {
  row_num: number;
  tree_num: number;
  breed_id?: number | null;
  planting_date?: string | null;
  geom: GeomInput;
  client_id?: number;
}

const PATHS: Record<EditorType, string> = { plot: '/admin/data/plots', irrigation: '/admin/data/irrigation-areas', tree: '/admin/data/trees' };

export async function fetchEditorClients(signal?: AbortSignal): Promise<ClientSummary[]> {
  const r = await get<{ clients?: ClientSummary[] }>('/admin/clients', { timeoutMs: CLIENTS_TIMEOUT_MS, retries: 0, signal });
  return r?.clients ?? [];
}

/**
 * The editor's data of a client. With `previous` (the same client's data the
 * editor holds) only the trees changed since its version travel (a reload after
 * a save); the server sends everything when its change log cannot tell.
 */
export async function fetchClientData(clientId: number, signal?: AbortSignal, previous?: ClientData | null): Promise<ClientData> {
  const base = previous && previous.client_id === clientId && previous.trees_version !== undefined ? previous : null;
  const d = await get<ClientDataWire>(`/admin/data/clients/${clientId}${base ? `?since=${base.trees_version}` : ''}`, { signal });
  const plot = new Map(d.plots.features.map((f) => [f.properties.plot_id, f.properties.plot_name]));
  const area = new Map(d.irrigationAreas.features.map((f) => [f.properties.irrigation_area_id, f.properties.irrigation_area_name]));
  const wire = d.trees.format === 'delta' ? applyTreeDelta(base!.trees.cols, d.trees) : d.trees;
  return { ...d, trees: new TreeColumns(wire, { clientId: d.client_id, plot, area }) };
}

export async function fetchEditorOptions(): Promise<Options> {
  const r = await get<Options>('/admin/data/options');
  return { crops: r?.crops ?? [], breeds: r?.breeds ?? [] };
}

export function createFeature(type: 'plot', body: PlotInput): Promise<unknown>;
export function createFeature(type: 'irrigation', body: AreaInput): Promise<unknown>;
export function createFeature(type: 'tree', body: TreeInput): Promise<unknown>;
export function createFeature(type: EditorType, body: PlotInput | AreaInput | TreeInput): Promise<unknown>;
export function createFeature(type: EditorType, body: PlotInput | AreaInput | TreeInput) {
  return post(PATHS[type], body);
}

/** PATCH with the form fields, or `{ geom }` only for a reshape on the map; `version` guards against lost updates (409). */
export function updateFeature(type: EditorType, id: number, body: Partial<PlotInput & AreaInput & TreeInput> & { version?: number }) {
  return patch(`${PATHS[type]}/${id}`, body);
}

export function deleteFeature(type: EditorType, id: number) {
  return del(`${PATHS[type]}/${id}`, { retries: 0 });
}

// Boundary import (issue 14): the file is read by the server (preview), the
// chosen features come back with their names, and the import is all or nothing.
export type { BoundaryPreview } from '../domain/contracts/boundaries';
/** A feature to import: the shape the import's rule checks (src/domain/boundary-feature-rules.ts). */
export type BoundaryImportFeature = BoundaryCandidate;

export const previewBoundaries = (clientId: number, file: File) =>
  post<BoundaryPreview>(`/admin/data/clients/${clientId}/boundaries/preview`, file, { timeoutMs: 5 * 60_000 });
export const importBoundaries = (clientId: number, features: BoundaryImportFeature[]) =>
  post<BoundaryImportResponse>(`/admin/data/clients/${clientId}/boundaries`, { features }, { timeoutMs: 5 * 60_000 });
/** The shapefile of a client's plots or irrigation areas (the editor's export buttons are this call). */
export const boundariesUrl = (clientId: number, kind: 'plot' | 'irrigation') => `/api/admin/data/clients/${clientId}/boundaries.zip?kind=${kind}`;
