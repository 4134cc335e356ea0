import type { ValidPoint } from './values';

/** A batch as committed: the points that were stored or were already stored (duplicates are not told apart). */
export interface IngestedBatch {
  orgId: string;
  machineId: string;
  points: readonly ValidPoint[];
}

/**
 * Told about each batch after its commit, before the agent gets its answer; must return quickly and never throw
 * (live fan-out, alert evaluation jobs). A failure here must not fail an ingest that is already durable.
 */
export type IngestListener = (batch: IngestedBatch) => void;
