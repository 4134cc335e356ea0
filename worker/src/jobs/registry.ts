import { UnrecoverableError, type Job } from 'bullmq';
import type { JobDefinition, JobDeps } from './job';
import { usageRefreshJob } from './usage-refresh';

export const JOBS: JobDefinition<never>[] = [usageRefreshJob as JobDefinition<never>];

/** Routes a job to its definition; a payload that fails its schema can never succeed, so it is not retried. */
export function createProcessor(deps: JobDeps, jobs: JobDefinition<never>[] = JOBS) {
  const byName = new Map(jobs.map((j) => [j.name, j]));
  return async (job: Job) => {
    const definition = byName.get(job.name);
    if (!definition) throw new UnrecoverableError(`unknown job ${job.name}`);
    const parsed = definition.payload.safeParse(job.data);
    if (!parsed.success) throw new UnrecoverableError(`invalid payload for ${job.name}: ${parsed.error.message}`);
    return definition.perform(deps, parsed.data);
  };
}
