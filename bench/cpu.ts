import { readFileSync } from 'node:fs';

/** Busy CPU milliseconds of the whole machine (all cores), from /proc/stat; null where it is not readable. */
function machineBusyMs(): number | null {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = fields;
    return ((user + nice + system + irq + softirq + steal) * 1000) / 100;
  } catch {
    return null;
  }
}

export interface CpuSplit {
  /** CPU microseconds per point: the api process, the load generator (this process), and everything else (PostgreSQL above all). */
  api: number | null;
  loadGenerator: number;
  rest: number | null;
}

/** Starts counting; the returned function gives the CPU spent since, per point. */
export function countCpu(apiCpuMs: () => number | null): (points: number) => CpuSplit {
  const machine = machineBusyMs();
  const api = apiCpuMs();
  const self = process.cpuUsage();
  return (points) => {
    const machineMs = machine === null ? null : machineBusyMs()! - machine;
    const apiNow = apiCpuMs();
    const apiMs = api === null || apiNow === null ? null : apiNow - api;
    const used = process.cpuUsage(self);
    const selfMs = (used.user + used.system) / 1000;
    const per = (ms: number) => Math.round(((ms * 1000) / Math.max(1, points)) * 100) / 100;
    return {
      api: apiMs === null ? null : per(apiMs),
      loadGenerator: per(selfMs),
      rest: machineMs === null || apiMs === null ? null : per(machineMs - apiMs - selfMs),
    };
  };
}
