import { z } from 'zod';
import { Version, ymd } from '../shared';
import { plotAreaHa, text } from '../../../../src/domain/contracts/common';
import { AREA_NAME, ROW_TREE_NUMBER_MAX } from '../../../../src/domain/field-rules';

// Bodies of the editor's create/update calls (admin.md §5, §7). Messages are
// the form's own. `geom` is WKT text (decimal degrees) or a GeoJSON geometry;
// it is validated by src/domain/geometry-validation (422 with the reason).

export const DeleteQuery = z.strictObject({ version: z.coerce.number().int().positive().optional() });

const id = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int()
    .positive()
    .max(2_147_483_647);
const name = (label: string) => text(label, AREA_NAME);
const positiveInt = (label: string) =>
  z
    .number({ error: `${label} is required` })
    .int(`${label} must be a whole number`)
    .gt(0, `${label} must be greater than 0`)
    .max(ROW_TREE_NUMBER_MAX, `${label} must be at most ${ROW_TREE_NUMBER_MAX}`);
const Geom = z.unknown().optional().describe('WKT text in decimal degrees, or a GeoJSON geometry');
const date = ymd('Planting date').refine((s) => Number(s.slice(0, 4)) >= 1800 && Number(s.slice(0, 4)) <= 2200, {
  message: 'Planting date must be between the years 1800 and 2200',
  params: { code: 'date_range', min: 1800, max: 2200 },
});

export const PlotCreate = z.strictObject({
  plot_name: name('Plot name'),
  crop_id: id('Crop').nullable().optional(),
  plot_area: plotAreaHa('Area'),
  geom: Geom,
  client_id: id('Client'),
});
export const PlotUpdate = PlotCreate.omit({ client_id: true }).partial().extend({ version: Version });

export const AreaCreate = z.strictObject({
  irrigation_area_name: name('Irrigation area name'),
  irrigation_type_id: id('Irrigation type').nullable().optional(),
  geom: Geom,
  client_id: id('Client').optional(),
});
export const AreaUpdate = AreaCreate.omit({ client_id: true }).partial().extend({ version: Version });

export const TreeCreate = z.strictObject({
  row_num: positiveInt('Row number'),
  tree_num: positiveInt('Tree number'),
  breed_id: id('Breed').nullable().optional(),
  planting_date: z.union([date, z.literal(''), z.null()]).optional(),
  geom: Geom,
  client_id: id('Client').optional(),
});
export const TreeUpdate = TreeCreate.omit({ client_id: true }).partial().extend({ version: Version });
