import { TAG_DEFAULTS, type TagConfig, type TagConfigCreate, type TagConfigUpdate } from '@taktwerk/common';
import {
  createTagConfig,
  deleteTagConfigs,
  listTagConfigs,
  refreshMachineAndTagUsage,
  updateTagConfig,
  withTenant,
  type Queryable,
} from '@taktwerk/db';
import type { AppDeps } from '../../context';
import { notFound } from '../../http/errors';
import { assertTagsAllowed } from '../machines/limits';
import { requireMachine } from '../machines/service';
import { presentTagConfig } from './presenter';
import { aliasClash } from './schema';

const tagNotFound = () => notFound('Tag not found.');

/** Runs a tag write, turning an alias clash into a 409. */
async function writing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw aliasClash(error) ?? error;
  }
}

export function listMachineTags(deps: AppDeps, orgId: string, machineId: string): Promise<TagConfig[]> {
  return withTenant(deps.pool, orgId, async (db) => {
    await requireMachine(db, orgId, machineId);
    return (await listTagConfigs(db, orgId, machineId)).map(presentTagConfig);
  });
}

export function createMachineTag(deps: AppDeps, orgId: string, machineId: string, input: TagConfigCreate): Promise<TagConfig> {
  return withTenant(deps.pool, orgId, async (db: Queryable) => {
    await requireMachine(db, orgId, machineId);
    await assertTagsAllowed(db, orgId, 1);
    const row = await writing(() =>
      createTagConfig(db, orgId, machineId, {
        path: input.path ?? '',
        alias: input.alias,
        enabled: input.enabled ?? true,
        sampleIntervalMs: input.sampleIntervalMs ?? TAG_DEFAULTS.sampleIntervalMs,
        sendIntervalMs: input.sendIntervalMs ?? TAG_DEFAULTS.sendIntervalMs,
        aggregation: input.aggregation ?? TAG_DEFAULTS.aggregation,
        dataType: input.dataType ?? TAG_DEFAULTS.dataType,
        unit: input.unit ?? null,
        description: input.description ?? null,
      }),
    );
    await refreshMachineAndTagUsage(db, orgId);
    return presentTagConfig(row);
  });
}

export function updateMachineTag(deps: AppDeps, orgId: string, machineId: string, tagId: string, input: TagConfigUpdate): Promise<TagConfig> {
  return withTenant(deps.pool, orgId, async (db) => {
    const row = await writing(() => updateTagConfig(db, orgId, machineId, tagId, input));
    if (!row) throw tagNotFound();
    return presentTagConfig(row);
  });
}

export function deleteMachineTag(deps: AppDeps, orgId: string, machineId: string, tagId: string): Promise<void> {
  return withTenant(deps.pool, orgId, async (db) => {
    if ((await deleteTagConfigs(db, orgId, machineId, [tagId])) === 0) throw tagNotFound();
    await refreshMachineAndTagUsage(db, orgId);
  });
}
