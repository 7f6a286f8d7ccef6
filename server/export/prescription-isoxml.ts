// A prescription as ISO 11783-10 TASKDATA (a zip holding TASKDATA/TASKDATA.XML
// and the grid's .bin), written with the isoxml package: customer, farm, a
// partfield bounded by the plots, the product, and one planned task with a
// type-2 grid of the applied rate. The DDI follows the unit: 0006 "setpoint
// mass per area application rate" (mg/m², for kg/ha and g/tree) or 0001
// "setpoint volume per area application rate" (mm³/m², for l/ha); both are
// 100 × the per-hectare figure. The grid covers the field (the plots): a cell
// holds the rate of the zone at its centre, the default rate inside the field
// outside every zone, 0 outside the field; the task's default treatment zone
// holds the default rate (g/tree: at the farm's mean density of treated trees).
import { ExtendedPartfield, ExtendedTask, ISOXMLManager, TAGS, TaskTaskStatusEnum, type Entity, type FeatureCollection, type GridParameters } from 'isoxml';
import { appliedUnit, type PrescriptionInput } from '../../workers/geo/prescription-input';
import { extentOf } from '../../workers/geo/fit';
import { gridSpec, type GridSpec } from '../../workers/geo/prescription-grid';
import { sampleAtCellCentres } from '../../workers/geo/prescription-field';
import type { Prescription } from '../../workers/geo/prescription';

export const DDI = { 'kg/ha': '0006', 'l/ha': '0001' } as const;
/** ISOXML value per kg/ha (mg/m²) or l/ha (mm³/m²). */
export const ISO_PER_HECTARE_UNIT = 100;
/** Cell size (m) of the grid that carries plot / irrigation-area zones: 5 m, coarser when the farm would need over 1M cells. */
const ZONE_GRID_M = 5;
const MAX_GRID_CELLS = 1_000_000;

const params = (g: GridSpec): GridParameters => ({ minX: g.minX, minY: g.minY, numCols: g.cols, numRows: g.rows, cellWidth: g.cellW, cellHeight: g.cellH });

/** The grid of a plot / irrigation-area prescription: 5 m cells over the field (the plots), fewer when needed. */
function zoneGrid(p: Prescription): GridSpec {
  const box = extentOf(p.boundary.map((coordinates) => ({ type: 'Polygon' as const, coordinates })))!;
  const first = gridSpec(box, ZONE_GRID_M);
  const cells = first.cols * first.rows;
  return cells <= MAX_GRID_CELLS ? first : gridSpec(box, ZONE_GRID_M * Math.sqrt(cells / MAX_GRID_CELLS) * 1.01);
}

/** The default rate per hectare; g/tree over the farm's mean density of treated trees. */
function defaultPerHectare(p: Prescription, input: PrescriptionInput): number {
  if (input.rateUnit !== 'g/tree') return input.defaultRate;
  const treated = p.zones.reduce((s, z) => s + z.treated, 0);
  return p.total.areaHa > 0 ? (input.defaultRate * treated) / 1000 / p.total.areaHa : 0;
}

export interface IsoxmlNames {
  customer: string;
  farm: string;
  task: string;
}

export async function prescriptionIsoxml(p: Prescription, input: PrescriptionInput, names: IsoxmlNames): Promise<Uint8Array> {
  const unit = appliedUnit(input.rateUnit);
  const iso = (perHa: number) => Math.round(perHa * ISO_PER_HECTARE_UNIT);
  const grid = p.grid ?? zoneGrid(p);
  const zoneFeatures: FeatureCollection = {
    type: 'FeatureCollection',
    features: p.zones.map((z) => ({ type: 'Feature', properties: { RATE: iso(z.applied) }, geometry: { type: 'MultiPolygon', coordinates: z.polygons } })),
  } as FeatureCollection;
  // A grid prescription's cells are the zones themselves: each cell holds its zone's rate (a clipped edge
  // cell too). Plot and area zones (the field outside the areas among them, at the default rate) are sampled
  // at the cell centres; a cell whose centre is outside the field holds 0.
  const cellRates = p.grid
    ? (() => {
        const values = new Int32Array(grid.cols * grid.rows);
        for (const z of p.zones) values[z.cell] = iso(z.applied);
        return values;
      })()
    : sampleAtCellCentres(
        grid,
        p.zones.map((z) => ({ polygons: z.polygons, value: iso(z.applied) })),
      );
  const m = new ISOXMLManager({
    fmisTitle: 'Orchard Survey',
    gridParamsGenerator: () => params(grid),
    gridGenerator: () => cellRates.buffer as ArrayBuffer,
  });
  const add = <T extends Entity>(tag: TAGS, attrs: Record<string, unknown>) => {
    const e = m.createEntityFromAttributes(tag, attrs) as T;
    return { entity: e, ref: m.registerEntity(e) };
  };
  const customer = add(TAGS.Customer, { CustomerLastName: names.customer });
  const farm = add(TAGS.Farm, { FarmDesignator: names.farm, CustomerIdRef: customer.ref });
  const partfield = add<ExtendedPartfield>(TAGS.Partfield, {
    PartfieldDesignator: names.farm,
    PartfieldArea: Math.round(p.total.areaHa * 10_000),
    CustomerIdRef: customer.ref,
    FarmIdRef: farm.ref,
  });
  partfield.entity.boundaryFromGeoJSON({ type: 'MultiPolygon', coordinates: p.boundary }, m);
  const vpn = add(TAGS.ValuePresentation, { Offset: 0, Scale: 1 / ISO_PER_HECTARE_UNIT, NumberOfDecimals: 1, UnitDesignator: unit });
  const product = add(TAGS.Product, { ProductDesignator: input.product, ValuePresentationIdRef: vpn.ref });
  const pdv = m.createEntityFromAttributes(TAGS.ProcessDataVariable, {
    ProcessDataDDI: DDI[unit],
    ProcessDataValue: 0,
    ProductIdRef: product.ref,
    ValuePresentationIdRef: vpn.ref,
  });
  const task = m.createEntityFromAttributes(TAGS.Task, {
    TaskDesignator: names.task,
    CustomerIdRef: customer.ref,
    FarmIdRef: farm.ref,
    PartfieldIdRef: partfield.ref,
    TaskStatus: TaskTaskStatusEnum.Planned,
  }) as ExtendedTask;
  task.addGridFromGeoJSON(zoneFeatures, [pdv as never], ['RATE'], [iso(defaultPerHectare(p, input))]);
  m.registerEntity(task);
  Object.assign(m.rootElement.attributes, {
    Customer: [customer.entity],
    Farm: [farm.entity],
    Partfield: [partfield.entity],
    ValuePresentation: [vpn.entity],
    Product: [product.entity],
    Task: [task],
  });
  return m.saveISOXML();
}
