import { TAG_DEFAULTS, ingestUrlFor, type AgentConfig, type AgentConfigInput, type AgentTagInput } from '@taktwerk/common';
import {
  countMachinePointsSince,
  createTagConfig,
  deleteTagConfigs,
  findAgentConfig,
  listTagConfigs,
  refreshMachineAndTagUsage,
  updateTagConfig,
  upsertAgentConfig,
  withTenant,
  type Queryable,
} from '@taktwerk/db';
import type { AppDeps } from '../../context';
import { notFound } from '../../http/errors';
import { assertTagsAllowed } from '../machines/limits';
import { requireMachine } from '../machines/service';
import { aliasClash } from '../tags/schema';
import { presentAgentConfig } from './presenter';
import { planTagChanges, type TagPlan } from './tag-plan';
import { agentConfigFileName, agentConfigYaml } from './yaml';

async function loadAgentConfig(db: Queryable, orgId: string, machineId: string): Promise<AgentConfig> {
  const machine = await requireMachine(db, orgId, machineId);
  return presentAgentConfig(machine, await findAgentConfig(db, orgId, machineId), await listTagConfigs(db, orgId, machineId));
}

export function getAgentConfig(deps: AppDeps, orgId: string, machineId: string): Promise<AgentConfig> {
  return withTenant(deps.pool, orgId, (db) => loadAgentConfig(db, orgId, machineId));
}

const agentFields = (tag: AgentTagInput) => ({
  path: tag.nodeId,
  alias: tag.alias,
  enabled: tag.enabled,
  sampleIntervalMs: tag.sampleIntervalMs,
  dataType: tag.dataType,
});

async function applyTagPlan(db: Queryable, orgId: string, machineId: string, plan: TagPlan): Promise<void> {
  await deleteTagConfigs(db, orgId, machineId, plan.deletions);
  // Renamed tags first take their own id as alias, so two tags may swap aliases without a transient unique clash.
  const renamed = plan.updates.filter(({ row, tag }) => row.alias.toLowerCase() !== tag.alias.toLowerCase());
  for (const { row } of renamed) await updateTagConfig(db, orgId, machineId, row.id, { alias: row.id });
  for (const { row, tag } of plan.updates) await updateTagConfig(db, orgId, machineId, row.id, agentFields(tag));
  for (const tag of plan.inserts) {
    await createTagConfig(db, orgId, machineId, {
      ...agentFields(tag),
      sendIntervalMs: TAG_DEFAULTS.sendIntervalMs,
      aggregation: TAG_DEFAULTS.aggregation,
      unit: null,
      description: null,
    });
  }
}

/** Saves the agent settings and the tag list in one transaction; tags missing from the list are deleted. */
export function saveAgentConfig(deps: AppDeps, orgId: string, machineId: string, input: AgentConfigInput): Promise<AgentConfig> {
  return withTenant(deps.pool, orgId, async (db) => {
    await requireMachine(db, orgId, machineId);
    const plan = planTagChanges(await listTagConfigs(db, orgId, machineId), input.tags);
    if (plan.unknownIds.length > 0) throw notFound('Tag not found.');
    await assertTagsAllowed(db, orgId, plan.inserts.length, plan.deletions.length);
    try {
      await applyTagPlan(db, orgId, machineId, plan);
    } catch (error) {
      throw aliasClash(error) ?? error;
    }
    const { protocol, endpoint, sendIntervalMs, bufferSize } = input;
    await upsertAgentConfig(db, orgId, machineId, { protocol, endpoint, sendIntervalMs, bufferSize });
    await refreshMachineAndTagUsage(db, orgId);
    return loadAgentConfig(db, orgId, machineId);
  });
}

/** The saved configuration as the agent's YAML file; `baseUrl` is the deployment's public URL or the caller's origin. */
export async function agentConfigDownload(deps: AppDeps, orgId: string, machineId: string, baseUrl: string) {
  const config = await getAgentConfig(deps, orgId, machineId);
  return { fileName: agentConfigFileName(config), yaml: agentConfigYaml(config, ingestUrlFor(deps.env.PUBLIC_URL ?? baseUrl)) };
}

/** Points stored for the machine since `since` (the web sends its local midnight). */
export function countPointsSince(deps: AppDeps, orgId: string, machineId: string, since: Date): Promise<number> {
  return withTenant(deps.pool, orgId, async (db) => {
    await requireMachine(db, orgId, machineId);
    return countMachinePointsSince(db, machineId, since);
  });
}
