import useSWR, { useSWRConfig } from 'swr';
import {
  agentConfigResponseSchema,
  agentConfigYamlResponseSchema,
  agentStatsResponseSchema,
  type AgentConfigInput,
} from '@taktwerk/common';
import { apiFetch, apiFetcher } from '../../app/api-client';

const fetchConfig = apiFetcher(agentConfigResponseSchema);
const fetchStats = apiFetcher(agentStatsResponseSchema);
const fetchYaml = apiFetcher(agentConfigYamlResponseSchema);
const configPath = (machineId: string) => `/machines/${machineId}/agent-config`;

/** The machine's agent configuration; polled for its connection status. */
export function useAgentConfig(machineId: string) {
  return useSWR([configPath(machineId)] as const, fetchConfig, { refreshInterval: 30_000 });
}

/** Points stored since `since` (the local midnight). */
export function useAgentStats(machineId: string, since: string) {
  return useSWR([`/machines/${machineId}/agent-stats`, { since }] as const, fetchStats, { refreshInterval: 30_000 });
}

/** The saved configuration as YAML; `origin` is where the agent sends data unless the deployment sets a public URL. */
export function useAgentYaml(machineId: string, origin: string) {
  return useSWR([`${configPath(machineId)}/yaml`, { origin }] as const, fetchYaml);
}

/** Saves the configuration, then refreshes everything derived from it (the form and the YAML file). */
export function useSaveAgentConfig(machineId: string) {
  const { mutate } = useSWRConfig();
  return async (input: AgentConfigInput) => {
    const saved = await apiFetch(configPath(machineId), agentConfigResponseSchema, { method: 'PUT', body: input });
    await mutate((key) => Array.isArray(key) && typeof key[0] === 'string' && key[0].startsWith(configPath(machineId)));
    return saved;
  };
}
