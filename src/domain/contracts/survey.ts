// One survey as the project map reads it: GET /api/projects/{id} (its name for
// the path bar, client.md §7), GET /api/projects/{id}/surveys (the other surveys
// of the same plots the caller may open, newest first) and the JSON form of
// GET /api/projects/{id}/zones (the statistics table per plot and irrigation
// area, one row per zone: the columns of src/domain/zone-columns.ts).
import { z } from 'zod';
import type { Wire } from './common';
import { ZONE_COLUMNS } from '../zone-columns';

const id = z.number().int();
/** A `date` column as the database sends it: 'YYYY-MM-DD', null when the survey has no flight date yet. */
const day = z.string().nullable();

export const projectDetail = z.object({
  project_id: id,
  name: z.string(),
  /** The same as name (the path bar's title). */
  title: z.string(),
  observation_date: day,
  products: z.array(z.string()),
  plot_ids: z.array(id),
});

export const relatedSurvey = z.object({
  project_id: id,
  name: z.string(),
  observation_date: day,
  observation_count: z.number().int(),
  /** Names of the plots it shares with the survey asked about. */
  shared_plots: z.array(z.string()),
});
export const relatedSurveysResponse = z.array(relatedSurvey);

/** A row of the zone table: one field per column of src/domain/zone-columns.ts (text or a number, null when the
 * zone has no value; the change columns only with compare=<survey id>). */
export const zoneTableRow = z.object(
  Object.fromEntries(ZONE_COLUMNS.map((c) => [c.key, c.text ? z.string() : c.change ? z.number().nullable().optional() : z.number().nullable()])),
);
export const zoneTableResponse = z.array(zoneTableRow);

const featureCollection = z.looseObject({ type: z.literal('FeatureCollection'), features: z.array(z.looseObject({ type: z.literal('Feature') })) });
/** GET /api/projects/{id}/data as JSON (streamed): the plots, irrigation areas and trees as GeoJSON FeatureCollections. */
export const mapDataJson = z.looseObject({ plots: featureCollection, irrigationAreas: featureCollection, trees: featureCollection });

export type ProjectDetail = Wire<z.infer<typeof projectDetail>>;
export type RelatedSurvey = Wire<z.infer<typeof relatedSurvey>>;
