import { z } from 'zod';

/** Most values one batch may carry; larger batches answer 413. */
export const INGEST_MAX_VALUES = 100_000;
/** Agents' clocks drift: timestamps up to this far ahead of the server are accepted. */
export const INGEST_MAX_FUTURE_MS = 10 * 60 * 1000;
export const INGEST_MAX_TEXT_LENGTH = 1024;
export const INGEST_MAX_TAG_LENGTH = 200;

/** The envelope; each value is checked on its own so one bad value never sinks the batch. */
export const ingestBatchSchema = z.strictObject({
  machineId: z.uuid(),
  batchTimestamp: z.iso.datetime({ offset: true }).optional(),
  values: z.array(z.unknown()),
});
export type IngestBatch = z.infer<typeof ingestBatchSchema>;

export const ingestResultSchema = z.object({
  accepted: z.number().int().describe('new points stored'),
  duplicates: z.number().int().describe('valid points that were already stored (a resent batch)'),
  rejected: z.array(z.object({ index: z.number().int(), reason: z.string() })),
});
export type IngestResult = z.infer<typeof ingestResultSchema>;
