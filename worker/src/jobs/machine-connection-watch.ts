import { JOB_NAMES, ONLINE_THRESHOLD_MS } from '@taktwerk/common';
import { watchMachineConnections, withPlatform } from '@taktwerk/db';
import type { z } from 'zod';
import { alertNoDataSweepOptions, sweepPayloadSchema } from './alert-no-data-sweep';
import type { JobDefinition } from './job';

/**
 * machine.connection-watch (scheduled): machines without data or heartbeat for 5 minutes go offline, machines heard
 * from again come online, each change recorded once as a connection event (Recent Activity). Idempotent: a second
 * run finds nothing left to change.
 */
export const machineConnectionWatchJob: JobDefinition<z.infer<typeof sweepPayloadSchema>> = {
  name: JOB_NAMES.machineConnectionWatch,
  payload: sweepPayloadSchema,
  options: alertNoDataSweepOptions,
  async perform({ pool }) {
    const changes = await withPlatform(pool, (db) => watchMachineConnections(db, new Date(), ONLINE_THRESHOLD_MS));
    return { online: changes.filter((c) => c.state === 'online').length, offline: changes.filter((c) => c.state === 'offline').length };
  },
};
