// The survey's aerial photo (issue 37, README "Aerial photo"): what GET /api/projects/{id}/orthophoto
// answers, what the upload answers (202), and the lines of its progress stream (NDJSON).
import { z } from 'zod';
import { errorBody } from './common';

/** 16 hex characters: the photo's version, in every tile URL (tiles are immutable per version). */
export const ORTHO_VERSION = /^[0-9a-f]{16}$/;

const status = z.enum(['processing', 'ready', 'failed']);

export const orthophotoStatus = z.object({
  /** The served photo's status when there is one ('ready'), else the upload's. */
  status,
  version: z.string().describe("The ready photo's version (tile URLs carry it as ?v=), else the upload's"),
  /** [west, south, east, north], degrees; null until ready. */
  bounds: z.tuple([z.number(), z.number(), z.number(), z.number()]).nullable(),
  minzoom: z.number().int().nullable(),
  maxzoom: z.number().int().nullable(),
  resolution_cm: z.number().nullable(),
  /** Bytes of the tiles on disk (ready), or of the uploaded file (processing). */
  bytes: z.number().int(),
  /** Tile URL template ({z}/{x}/{y}) with the version; null until ready. */
  tiles: z.string().nullable(),
  /** 0–1 while processing. */
  progress: z.number(),
  message: z.string().optional(),
  code: z.string().optional(),
  /** A replacement being processed (or that failed) while the ready photo is still served. */
  pending: z.object({ status, version: z.string(), progress: z.number(), message: z.string().optional(), code: z.string().optional() }).optional(),
});

export const orthophotoAccepted = z.object({ status: z.literal('processing'), version: z.string() });

export const orthophotoProgressLine = z.object({ phase: z.literal('tiling'), done: z.number().int(), total: z.number().int() });
export const orthophotoDoneLine = z.object({
  phase: z.literal('done'),
  status: z.number().int(),
  body: z.union([orthophotoStatus, errorBody]).describe("The photo's status when ready, or the error (4xx) that failed it"),
});
export const orthophotoLine = z.union([orthophotoProgressLine, orthophotoDoneLine]);
