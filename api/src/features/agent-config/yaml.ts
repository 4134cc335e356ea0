import { AGENT_DEFAULTS, AGENT_TOKEN_ENV, slugify, type AgentConfig } from '@taktwerk/common';
import YAML from 'yaml';

/** File name of a machine's agent configuration download. */
export function agentConfigFileName(config: AgentConfig): string {
  return `taktwerk-agent-${slugify(config.machineName) || config.machineId}.yaml`;
}

/**
 * The agent's YAML file (spec part 2 §2, §9). The machine token is shown only once, so the file names the environment
 * variable that holds it; the agent expands it when it starts.
 */
export function agentConfigYaml(config: AgentConfig, ingestUrl: string): string {
  const doc = new YAML.Document({
    machineId: config.machineId,
    machineName: config.machineName,
    protocol: config.protocol,
    endpoint: config.endpoint,
    sendInterval: config.sendIntervalMs,
    bufferSize: config.bufferSize,
    api: { url: ingestUrl, token: `\${${AGENT_TOKEN_ENV}}`, timeout: AGENT_DEFAULTS.apiTimeoutSeconds },
    tags: config.tags.map((t) => ({
      nodeId: t.nodeId,
      alias: t.alias,
      enabled: t.enabled,
      sampleInterval: t.sampleIntervalMs,
      dataType: t.dataType,
    })),
  });
  doc.commentBefore = [
    ` Taktwerk agent configuration for "${config.machineName}".`,
    ` Intervals are in milliseconds, the API timeout in seconds.`,
    ` Set ${AGENT_TOKEN_ENV} to the machine token before starting the agent.`,
  ].join('\n');
  return doc.toString();
}
