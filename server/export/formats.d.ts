// The parts of @mapbox/shp-write and dbf (no types published) the shapefile export uses.
declare module '@mapbox/shp-write' {
  type Parts = { shp: DataView; shx: DataView; dbf: DataView; prj: string };
  const shpwrite: {
    write(rows: object[], geometryType: 'POINT', geometries: number[][], cb: (err: unknown, parts: Parts) => void): void;
  };
  export default shpwrite;
}
declare module 'dbf' {
  export interface DbfField {
    name: string;
    type: 'C' | 'N' | 'L' | 'D';
    size: number;
  }
  export function structure(rows: object[], meta?: DbfField[]): DataView;
}
