import { JOB_NAMES } from '@taktwerk/common';
import type { Queue } from 'bullmq';
import { usageRefreshJob } from './jobs/usage-refresh';

/** Repeatable jobs. upsertJobScheduler is idempotent, so every worker replica may call it at start-up. */
export async function upsertSchedules(queue: Queue, everyMs: { usageRefresh: number }): Promise<void> {
  await queue.upsertJobScheduler(
    'usage-refresh-sweep',
    { every: everyMs.usageRefresh },
    { name: JOB_NAMES.usageRefresh, data: {}, opts: usageRefreshJob.options },
  );
}
