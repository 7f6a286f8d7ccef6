// The jobs a job thread can run: name → function of (db, input, progress).
import type { Db } from '../db/adapter';
import { runImport } from '../imports/import-run';
import { mapJsonStreamJob } from '../surveys/map-data-job';
import { surveySnapshotJob } from '../snapshots/build-job';
import { exportJob, type ExportJobInput } from '../export/export-job';
import { zonesJob, type ZonesJobInput } from '../export/zones-job';
import { prescriptionJob, type PrescriptionJobInput } from '../export/prescription-job';
import { reportJob, type ReportJobInput } from '../report/report-job';
import { boundaryPreviewJob } from '../boundaries/read-file';
import { editorTreesJob } from '../repos/editor-trees';
import { orthoInspectJob, orthoTileJob, type OrthoTileInput } from '../orthophoto/job';
import { demoPhotoJob } from '../orthophoto/demo';
import { outcomeJob, type OutcomeJobInput } from '../scouting/outcome-job';

export const JOBS = {
  import: (db: Db, input: Parameters<typeof runImport>[1], progress: (...a: unknown[]) => void) =>
    runImport(db, input, progress as Parameters<typeof runImport>[2]),
  surveySnapshot: surveySnapshotJob,
  mapJsonStream: (db: Db, input: { projectId: number }, progress: (...a: unknown[]) => Promise<void>) => mapJsonStreamJob(db, input, progress),
  exportTrees: (db: Db, input: ExportJobInput, progress: (...a: unknown[]) => Promise<void>) => exportJob(db, input, progress),
  zoneTable: (db: Db, input: ZonesJobInput) => zonesJob(db, input),
  prescription: (db: Db, input: PrescriptionJobInput) => prescriptionJob(db, input),
  report: (db: Db, input: ReportJobInput) => reportJob(db, input),
  boundaryPreview: (db: Db, input: { file: Uint8Array }) => boundaryPreviewJob(db, input),
  editorTrees: editorTreesJob,
  orthoInspect: (_db: Db, input: { file: string; maxPixels: number }) => orthoInspectJob(input),
  orthoDemo: demoPhotoJob,
  taskOutcome: (db: Db, input: OutcomeJobInput) => outcomeJob(db, input),
  orthoTile: (_db: Db, input: OrthoTileInput, progress: (...a: unknown[]) => unknown) => orthoTileJob(input, progress),
};

export type JobName = keyof typeof JOBS;
export type JobInput<N extends JobName> = Parameters<(typeof JOBS)[N]>[1];
export type JobOutput<N extends JobName> = Awaited<ReturnType<(typeof JOBS)[N]>>;
