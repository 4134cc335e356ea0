import { UnrecoverableError, type Job } from 'bullmq';
import type { JobDefinition, JobDeps } from './job';
import { usageRefreshJob } from './usage-refresh';
import { retentionJob } from './retention';
import type { DeliveryEnqueuer } from '../alerts/record';
import { alertEvaluateJob } from './alert-evaluate';
import { alertNoDataSweepJob } from './alert-no-data-sweep';
import { machineConnectionWatchJob } from './machine-connection-watch';

export const JOBS: JobDefinition<never>[] = [usageRefreshJob as JobDefinition<never>, retentionJob as JobDefinition<never>];

/** The alerts queue's jobs; evaluations hand their deliveries to `notify` (the notifications queue). */
export const alertJobs = (notify: DeliveryEnqueuer): JobDefinition<never>[] =>
  [alertEvaluateJob(notify), alertNoDataSweepJob(notify), machineConnectionWatchJob] as JobDefinition<never>[];

/** Routes a job to its definition; a payload that fails its schema can never succeed, so it is not retried. */
export function createProcessor(deps: JobDeps, jobs: JobDefinition<never>[] = JOBS) {
  const byName = new Map(jobs.map((j) => [j.name, j]));
  return async (job: Job, token?: string) => {
    const definition = byName.get(job.name);
    if (!definition) throw new UnrecoverableError(`unknown job ${job.name}`);
    const parsed = definition.payload.safeParse(job.data);
    if (!parsed.success) throw new UnrecoverableError(`invalid payload for ${job.name}: ${parsed.error.message}`);
    return definition.perform(deps, parsed.data, { job, token });
  };
}
