import type { Pool } from '@taktwerk/db';
import type { Job, JobsOptions } from 'bullmq';
import type { Logger } from 'pino';
import type { z } from 'zod';

export interface JobDeps {
  pool: Pool;
  logger: Logger;
}

/** A typed job: payload schema, retry options beside it, and a perform that is safe to run twice. */
export interface JobDefinition<P> {
  name: string;
  payload: z.ZodType<P>;
  options: JobsOptions;
  perform(deps: JobDeps, payload: P, run?: JobRun): Promise<unknown>;
}

/** The BullMQ job being processed and its lock token, for a job that reschedules itself (job.moveToDelayed). */
export interface JobRun {
  job: Job;
  token: string | undefined;
}
