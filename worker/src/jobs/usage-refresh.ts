import { JOB_NAMES, usageRefreshPayloadSchema, type UsageRefreshPayload } from '@taktwerk/common';
import { listOrganizationIds, refreshMachineAndTagUsage, withPlatform } from '@taktwerk/db';
import type { JobDefinition } from './job';

/**
 * Keeps organizations.current_usage machines/tags equal to the tables. Idempotent: it recomputes from the source
 * of truth and writes only what changed, so a duplicate or retried job changes nothing.
 */
export const usageRefreshJob: JobDefinition<UsageRefreshPayload> = {
  name: JOB_NAMES.usageRefresh,
  payload: usageRefreshPayloadSchema,
  options: { attempts: 5, backoff: { type: 'exponential', delay: 2000 }, removeOnComplete: 1000, removeOnFail: 5000 },
  async perform({ pool }, { orgId }) {
    // The worker crosses tenants by design: the explicit platform path.
    return withPlatform(pool, async (db) => {
      const ids = orgId ? [orgId] : await listOrganizationIds(db);
      let changed = 0;
      for (const id of ids) if (await refreshMachineAndTagUsage(db, id)) changed += 1;
      return { checked: ids.length, changed };
    });
  },
};
