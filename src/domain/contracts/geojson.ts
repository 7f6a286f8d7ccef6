// GeoJSON geometries (RFC 7946) in WGS 84 as the API sends them. Positions are
// [longitude, latitude]. A geometry keeps members it was stored with besides
// type and coordinates (bbox, foreign members): loose objects, nothing dropped.
import { z } from 'zod';

export const position = z.array(z.number()).describe('[longitude, latitude] in decimal degrees');
const ring = z.array(position);

export const pointGeometry = z.looseObject({ type: z.literal('Point'), coordinates: position });
export const polygonGeometry = z.looseObject({ type: z.literal('Polygon'), coordinates: z.array(ring) });
export const multiPolygonGeometry = z.looseObject({ type: z.literal('MultiPolygon'), coordinates: z.array(z.array(ring)) });
/** A plot's outline: one polygon or several. */
export const polygonalGeometry = z.discriminatedUnion('type', [polygonGeometry, multiPolygonGeometry]);

const lineString = z.looseObject({ type: z.literal('LineString'), coordinates: ring });
const multiPoint = z.looseObject({ type: z.literal('MultiPoint'), coordinates: ring });
const multiLineString = z.looseObject({ type: z.literal('MultiLineString'), coordinates: z.array(ring) });
const simpleGeometry = z.discriminatedUnion('type', [pointGeometry, multiPoint, lineString, multiLineString, polygonGeometry, multiPolygonGeometry]);
const geometryCollection = z.looseObject({ type: z.literal('GeometryCollection'), geometries: z.array(simpleGeometry) });

/** Any GeoJSON geometry (a collection of simple geometries included). */
export const geoJsonGeometry = z.discriminatedUnion('type', [
  pointGeometry,
  multiPoint,
  lineString,
  multiLineString,
  polygonGeometry,
  multiPolygonGeometry,
  geometryCollection,
]);
