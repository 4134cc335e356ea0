import { machineLimitOf, readUsageLimits } from '@taktwerk/common';
import { countMachines, countTagConfigs, lockOrganizationUsageLimits, type Queryable } from '@taktwerk/db';
import { AppError } from '../../http/errors';

// Spec part 1 §8: the client shows the title 'Limit reached' with this message; details carry the limit for translation.
const limitReached = (resource: 'machines' | 'tags', limit: number) =>
  new AppError(
    403,
    'limit_reached',
    `Your plan allows ${limit} ${resource === 'machines' ? 'machine(s)' : 'tag(s)'}. Upgrade your plan to add more.`,
    { resource, limit },
  );

const limitCheckFailed = () => new AppError(503, 'limit_check_failed', 'Could not verify machine limit. Please try again.');

async function lockedLimits(db: Queryable, orgId: string): Promise<Record<string, unknown>> {
  const limits = await lockOrganizationUsageLimits(db, orgId);
  if (!limits) throw limitCheckFailed();
  return limits;
}

/** Refuses a new machine once the plan's machine limit is reached. Call inside the tenant transaction that inserts it. */
export async function assertMachineAllowed(db: Queryable, orgId: string): Promise<void> {
  const limit = machineLimitOf(await lockedLimits(db, orgId));
  if ((await countMachines(db, orgId)) >= limit) throw limitReached('machines', limit);
}

/** Refuses `adding` new tags (after `removing` deletions) beyond the plan's tag limit. Call inside the writing transaction. */
export async function assertTagsAllowed(db: Queryable, orgId: string, adding: number, removing = 0): Promise<void> {
  const limit = Math.max(0, readUsageLimits(await lockedLimits(db, orgId)).tags);
  if (adding > 0 && (await countTagConfigs(db, orgId)) - removing + adding > limit) throw limitReached('tags', limit);
}
