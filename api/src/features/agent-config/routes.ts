import type { AgentConfigResponse, AgentConfigYamlResponse, AgentStatsResponse } from '@taktwerk/common';
import type { ApiRouter } from '../../http/route';
import { signedIn } from '../../http/route';
import { MACHINE_READ, MACHINE_WRITE } from '../machines/schema';
import {
  agentConfigInputSchema,
  agentConfigResponseSchema,
  agentConfigYamlQuerySchema,
  agentConfigYamlResponseSchema,
  agentStatsQuerySchema,
  agentStatsResponseSchema,
  machineIdParamsSchema,
} from './schema';
import { agentConfigDownload, countPointsSince, getAgentConfig, saveAgentConfig } from './service';

export function registerAgentConfigRoutes(api: ApiRouter): void {
  api.add({
    method: 'get',
    path: '/machines/:machineId/agent-config',
    summary: "A machine's agent configuration (defaults until saved) and its connection status",
    tag: 'agent-config',
    auth: signedIn(MACHINE_READ),
    params: machineIdParamsSchema,
    responses: { 200: agentConfigResponseSchema },
    async handler({ principal, params, deps }): Promise<AgentConfigResponse> {
      return { config: await getAgentConfig(deps, principal.orgId, params.machineId) };
    },
  });

  api.add({
    method: 'put',
    path: '/machines/:machineId/agent-config',
    summary: 'Save the agent configuration and its tag list; tags missing from the list are deleted',
    tag: 'agent-config',
    auth: signedIn(MACHINE_WRITE),
    params: machineIdParamsSchema,
    body: agentConfigInputSchema,
    responses: { 200: agentConfigResponseSchema },
    async handler({ principal, params, body, deps }): Promise<AgentConfigResponse> {
      return { config: await saveAgentConfig(deps, principal.orgId, params.machineId, body) };
    },
  });

  api.add({
    method: 'get',
    path: '/machines/:machineId/agent-config/yaml',
    summary: 'The saved agent configuration as a YAML file (the machine token is referenced, not included)',
    tag: 'agent-config',
    auth: signedIn(MACHINE_READ),
    params: machineIdParamsSchema,
    query: agentConfigYamlQuerySchema,
    responses: { 200: agentConfigYamlResponseSchema },
    async handler({ principal, params, query, req, deps }): Promise<AgentConfigYamlResponse> {
      const origin = query.origin ? new URL(query.origin).origin : `${req.protocol}://${req.get('host') ?? 'localhost'}`;
      return agentConfigDownload(deps, principal.orgId, params.machineId, origin);
    },
  });

  api.add({
    method: 'get',
    path: '/machines/:machineId/agent-stats',
    summary: 'Data points stored for the machine since an instant (the local midnight of the caller)',
    tag: 'agent-config',
    auth: signedIn(MACHINE_READ),
    params: machineIdParamsSchema,
    query: agentStatsQuerySchema,
    responses: { 200: agentStatsResponseSchema },
    async handler({ principal, params, query, deps }): Promise<AgentStatsResponse> {
      const since = new Date(query.since);
      const points = await countPointsSince(deps, principal.orgId, params.machineId, since);
      return { machineId: params.machineId, since: since.toISOString(), points };
    },
  });
}
