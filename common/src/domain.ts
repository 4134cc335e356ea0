import { ONLINE_THRESHOLD_MS, type AgentConnectionStatus, type MachineStatus } from './constants';

/** Plan id: the lower-cased name, spaces to underscores, other characters removed (spec part 2 §3). */
export function planIdFromName(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, '_').replace(/[^a-z0-9_]/g, '');
}

/** Page slug on creation: lower-cased, spaces to hyphens, anything but a-z, 0-9 and hyphen removed. */
export function slugify(text: string): string {
  return text.trim().toLowerCase().replace(/\s+/g, '-').replace(/[^a-z0-9-]/g, '');
}

/** Route name of a URL hash: lower-cased, query dropped, slashes trimmed, spaces to dashes; empty is home. */
export function routeFromHash(hash: string): { route: string; params: URLSearchParams } {
  const raw = hash.replace(/^#/, '');
  const [path = '', query = ''] = raw.split('?', 2) as [string, string?];
  const route = decodeURIComponent(path).trim().toLowerCase().replace(/^\/+|\/+$/g, '').replace(/\s+/g, '-');
  return { route: route || 'home', params: new URLSearchParams(query) };
}

/** Display status of a machine (spec part 1 §4). */
export function machineDisplayStatus(
  machine: { status: string; lastDataReceived: string | null; lastHeartbeat: string | null },
  now: number = Date.now(),
): MachineStatus {
  const times = [machine.lastDataReceived, machine.lastHeartbeat]
    .filter((t): t is string => t !== null)
    .map((t) => Date.parse(t));
  if (times.length > 0) return now - Math.max(...times) <= ONLINE_THRESHOLD_MS ? 'online' : 'offline';
  return machine.status === 'online' || machine.status === 'error' || machine.status === 'connecting'
    ? machine.status
    : 'offline';
}

/** The agent screen's connection status (spec part 2 §4): online is connected, error is error, anything else disconnected. */
export function agentConnectionStatus(displayStatus: MachineStatus): AgentConnectionStatus {
  if (displayStatus === 'online') return 'connected';
  return displayStatus === 'error' ? 'error' : 'disconnected';
}
