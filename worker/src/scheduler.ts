import { JOB_NAMES } from '@taktwerk/common';
import type { Queue } from 'bullmq';
import { retentionJob } from './jobs/retention';
import { alertNoDataSweepOptions } from './jobs/alert-no-data-sweep';
import { machineConnectionWatchJob } from './jobs/machine-connection-watch';
import { notificationSweepOptions } from './jobs/notification-sweep';
import { usageRefreshJob } from './jobs/usage-refresh';

/** Repeatable jobs. upsertJobScheduler is idempotent, so every worker replica may call it at start-up. */
export async function upsertSchedules(queue: Queue, everyMs: { usageRefresh: number; retention: number }): Promise<void> {
  await queue.upsertJobScheduler(
    'usage-refresh-sweep',
    { every: everyMs.usageRefresh },
    { name: JOB_NAMES.usageRefresh, data: {}, opts: usageRefreshJob.options },
  );
  await queue.upsertJobScheduler(
    'retention-sweep',
    { every: everyMs.retention },
    { name: JOB_NAMES.retention, data: {}, opts: retentionJob.options },
  );
}

/** On the notifications queue, so the sweep runs beside the deliveries it re-enqueues. */
export async function upsertNotificationSchedules(queue: Queue, everyMs: { notificationSweep: number }): Promise<void> {
  await queue.upsertJobScheduler(
    'notification-sweep',
    { every: everyMs.notificationSweep },
    { name: JOB_NAMES.notificationSweep, data: {}, opts: notificationSweepOptions },
  );
}

/** On the alerts queue: the no-data sweep and the machine connection watch. */
export async function upsertAlertSchedules(queue: Queue, everyMs: { noDataSweep: number; connectionWatch: number }): Promise<void> {
  await queue.upsertJobScheduler(
    'alert-no-data-sweep',
    { every: everyMs.noDataSweep },
    { name: JOB_NAMES.alertNoDataSweep, data: {}, opts: alertNoDataSweepOptions },
  );
  await queue.upsertJobScheduler(
    'machine-connection-watch',
    { every: everyMs.connectionWatch },
    { name: JOB_NAMES.machineConnectionWatch, data: {}, opts: machineConnectionWatchJob.options },
  );
}
