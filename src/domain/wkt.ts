// WKT (well-known text) ⇄ GeoJSON geometry, decimal degrees (EPSG:4326).
// Pure: the browser forms and the server parse with the same code, so a
// message the admin sees in the form is the one the API would return.
// Supported: POINT, LINESTRING, POLYGON, MULTIPOLYGON, optional "SRID=4326;"
// prefix, any letter case. Z/M coordinates and EMPTY are rejected with a reason.
import type { Geometry, LineString, MultiPolygon, Point, Polygon, Position } from 'geojson';

export type WktGeometry = Point | LineString | Polygon | MultiPolygon;

export type WktResult = { ok: true; geometry: WktGeometry } | { ok: false; error: string };

class WktError extends Error {}

export function parseWkt(input: string): WktResult {
  try {
    return { ok: true, geometry: new Parser(input).parse() };
  } catch (e) {
    if (e instanceof WktError) return { ok: false, error: e.message };
    throw e;
  }
}

class Parser {
  private i = 0;
  constructor(private readonly s: string) {}

  parse(): WktGeometry {
    const text = this.s.trim();
    if (!text) throw new WktError('WKT is empty');
    const srid = /^SRID=(\d+);/i.exec(text);
    if (srid && srid[1] !== '4326') throw new WktError(`SRID ${srid[1]} is not supported: use decimal degrees (SRID 4326)`);
    this.i = this.s.indexOf(text) + (srid ? srid[0].length : 0);
    const word = this.word();
    const type = word.toUpperCase();
    this.skip();
    const dim = /^(Z|M|ZM)\b/i.exec(this.s.slice(this.i));
    if (dim) throw new WktError(`${type} ${dim[1].toUpperCase()}: only 2D coordinates (longitude latitude) are supported`);
    if (/^EMPTY\b/i.test(this.s.slice(this.i))) throw new WktError(`${type} EMPTY has no coordinates`);
    let g: WktGeometry;
    switch (type) {
      case 'POINT': {
        this.expect('(');
        g = { type: 'Point', coordinates: this.position() };
        this.expect(')');
        break;
      }
      case 'LINESTRING':
        g = { type: 'LineString', coordinates: this.positions() };
        break;
      case 'POLYGON':
        g = { type: 'Polygon', coordinates: this.rings() };
        break;
      case 'MULTIPOLYGON':
        g = { type: 'MultiPolygon', coordinates: this.list(() => this.rings()) };
        break;
      case '':
        throw new WktError('WKT must start with a geometry type such as POLYGON or POINT');
      default:
        throw new WktError(`Unsupported WKT geometry type "${word}": use POINT, LINESTRING, POLYGON or MULTIPOLYGON`);
    }
    this.skip();
    if (this.i < this.s.length) throw new WktError(`Unexpected text after the geometry at position ${this.i + 1}: "${this.s.slice(this.i, this.i + 12)}"`);
    return g;
  }

  private rings(): Position[][] {
    return this.list(() => this.positions());
  }

  private positions(): Position[] {
    return this.list(() => this.position());
  }

  /** "(" item ("," item)* ")" */
  private list<T>(item: () => T): T[] {
    this.expect('(');
    const out: T[] = [];
    for (;;) {
      this.skip();
      out.push(item());
      this.skip();
      const c = this.s[this.i];
      if (c === ',') {
        this.i++;
        continue;
      }
      if (c === ')') {
        this.i++;
        return out;
      }
      throw new WktError(this.unexpected("',' or ')'"));
    }
  }

  private position(): Position {
    this.skip();
    const x = this.number('longitude');
    this.skip();
    const y = this.number('latitude');
    this.skip();
    const c = this.s[this.i];
    if (c !== undefined && c !== ',' && c !== ')') {
      if (/[-+\d.]/.test(c)) throw new WktError(`A position has more than two numbers at position ${this.i + 1}: only "longitude latitude" is supported`);
      throw new WktError(this.unexpected("',' or ')'"));
    }
    return [x, y];
  }

  private number(what: string): number {
    const m = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/.exec(this.s.slice(this.i));
    if (!m) {
      if (/^nan\b/i.test(this.s.slice(this.i))) throw new WktError(`The ${what} at position ${this.i + 1} is NaN, not a number`);
      throw new WktError(this.unexpected(`a ${what} number`));
    }
    this.i += m[0].length;
    return Number(m[0]);
  }

  private word(): string {
    const m = /^[A-Za-z]*/.exec(this.s.slice(this.i))!;
    this.i += m[0].length;
    return m[0];
  }

  private expect(ch: string) {
    this.skip();
    if (this.s[this.i] !== ch) throw new WktError(this.unexpected(`'${ch}'`));
    this.i++;
  }

  private skip() {
    while (this.i < this.s.length && /\s/.test(this.s[this.i])) this.i++;
  }

  private unexpected(wanted: string): string {
    if (this.i >= this.s.length) return `WKT ends too early: expected ${wanted}`;
    return `Expected ${wanted} at position ${this.i + 1} but found "${this.s[this.i]}"`;
  }
}

const fmt = (n: number, digits: number) => String(Number(n.toFixed(digits)));
const pos = (p: Position, d: number) => `${fmt(p[0], d)} ${fmt(p[1], d)}`;
const ring = (r: Position[], d: number) => `(${r.map((p) => pos(p, d)).join(', ')})`;
const poly = (rs: Position[][], d: number) => `(${rs.map((r) => ring(r, d)).join(', ')})`;

/** WKT of a geometry; 7 decimals ≈ 1 cm, enough for trees and plot corners. */
export function formatWkt(g: Geometry, digits = 7): string {
  switch (g.type) {
    case 'Point':
      return `POINT (${pos(g.coordinates, digits)})`;
    case 'LineString':
      return `LINESTRING ${ring(g.coordinates, digits)}`;
    case 'Polygon':
      return `POLYGON ${poly(g.coordinates, digits)}`;
    case 'MultiPolygon':
      return `MULTIPOLYGON (${g.coordinates.map((p) => poly(p, digits)).join(', ')})`;
    default:
      throw new Error(`formatWkt: ${g.type} is not supported`);
  }
}
