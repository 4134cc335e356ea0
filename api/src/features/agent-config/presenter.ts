import { AGENT_DEFAULTS, agentConnectionStatus, machineDisplayStatus, type AgentConfig } from '@taktwerk/common';
import type { AgentConfigRow, MachineListRow, TagConfigRow } from '@taktwerk/db';

/** The saved agent configuration of a machine, or the spec's defaults (part 2 §9) when nothing was saved yet. */
export function presentAgentConfig(machine: MachineListRow, saved: AgentConfigRow | null, tags: TagConfigRow[]): AgentConfig {
  const displayStatus = machineDisplayStatus({
    status: machine.status,
    lastDataReceived: machine.last_data_received?.toISOString() ?? null,
    lastHeartbeat: machine.last_heartbeat?.toISOString() ?? null,
  });
  return {
    machineId: machine.id,
    machineName: machine.name,
    protocol: saved?.protocol ?? AGENT_DEFAULTS.protocol,
    endpoint: saved?.endpoint ?? AGENT_DEFAULTS.endpoint,
    sendIntervalMs: saved?.send_interval_ms ?? AGENT_DEFAULTS.sendIntervalMs,
    bufferSize: saved?.buffer_size ?? AGENT_DEFAULTS.bufferSize,
    tags: tags.map((t) => ({
      id: t.id,
      nodeId: t.path,
      alias: t.alias,
      enabled: t.enabled,
      sampleIntervalMs: t.sample_interval_ms,
      dataType: t.data_type,
    })),
    saved: saved !== null,
    updatedAt: saved?.updated_at.toISOString() ?? null,
    connectionStatus: agentConnectionStatus(displayStatus),
  };
}
