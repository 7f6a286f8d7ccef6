// Local types for @mapbox/mapbox-gl-draw 1.5 — only what src/map/draw uses.
// (@types/mapbox__mapbox-gl-draw would pull in mapbox-gl; we run on MapLibre.)
declare module '@mapbox/mapbox-gl-draw' {
  import type { Feature, FeatureCollection, Geometry } from 'geojson';
  import type { IControl } from 'maplibre-gl';

  export interface DrawFeature {
    id: string;
    type: string;
    coordinates: unknown;
    properties: Record<string, unknown>;
    isValid(): boolean;
    changed(): void;
    toGeoJSON(): Feature;
    getCoordinate(path: string): [number, number];
    getCoordinates(): unknown;
    updateCoordinate(path: string, lng: number, lat: number): void;
    addCoordinate(path: string, lng: number, lat: number): void;
    removeCoordinate(path: string): void;
  }

  export interface DrawEvent {
    lngLat: { lng: number; lat: number };
    point: { x: number; y: number };
    originalEvent: MouseEvent & KeyboardEvent;
    featureTarget?: { properties: Record<string, unknown> & { coord_path?: string; meta?: string; parent?: string } };
  }

  /** `this` inside a mode's functions. */
  export interface ModeContext {
    map: import('maplibre-gl').Map;
    newFeature(f: Feature): DrawFeature;
    addFeature(f: DrawFeature): void;
    getFeature(id: string): DrawFeature | undefined;
    getSelected(): DrawFeature[];
    deleteFeature(ids: string[], opts?: { silent?: boolean }): void;
    changeMode(mode: string, opts?: Record<string, unknown>, eventOpts?: Record<string, unknown>): void;
    fire(event: string, data: unknown): void;
    clearSelectedCoordinates(): void;
    setSelectedCoordinates(c: { feature_id: string; coord_path: string }[]): void;
    updateUIClasses(o: Record<string, string>): void;
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- mode objects are open records of handlers
  export type DrawMode = Record<string, any>;

  export interface MapboxDrawOptions {
    displayControlsDefault?: boolean;
    controls?: Partial<Record<'point' | 'line_string' | 'polygon' | 'trash' | 'combine_features' | 'uncombine_features', boolean>>;
    clickBuffer?: number;
    touchBuffer?: number;
    boxSelect?: boolean;
    keybindings?: boolean;
    userProperties?: boolean;
    defaultMode?: string;
    modes?: Record<string, DrawMode>;
    styles?: object[];
  }

  export default class MapboxDraw implements IControl {
    constructor(options?: MapboxDrawOptions);
    static modes: Record<string, DrawMode>;
    static constants: { classes: Record<string, string>; modes: Record<string, string>; meta: Record<string, string> };
    static lib: Record<string, unknown>;
    onAdd(map: import('maplibre-gl').Map): HTMLElement;
    onRemove(map: import('maplibre-gl').Map): void;
    add(geojson: Feature | FeatureCollection | Geometry): string[];
    get(id: string): Feature | undefined;
    getAll(): FeatureCollection;
    getSelectedIds(): string[];
    delete(ids: string | string[]): this;
    deleteAll(): this;
    set(fc: FeatureCollection): string[];
    changeMode(mode: string, options?: Record<string, unknown>): this;
    getMode(): string;
    trash(): this;
    setFeatureProperty(id: string, prop: string, value: unknown): this;
  }
}
