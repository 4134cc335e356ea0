// The demo simulator that `npm start` runs (SIMULATOR=off turns it off): every second it samples each demo
// machine's tags and pushes them through the real ingest endpoint with an ingest:write API key. While the api is
// unreachable or answers 429/503 it keeps sampling into a bounded buffer and retries with exponential backoff,
// honouring Retry-After; ingest is idempotent, so a batch resent after a lost answer stores nothing twice.
import { INGEST_PATH, type IngestResult } from '@taktwerk/common';
import { MachineSignals, type SimulatedValue } from './simulator-signals';
import type { DemoSimulation, SimulatedMachine } from './simulator-setup';

export interface SimulatorOptions {
  baseUrl: string;
  simulation: Pick<DemoSimulation, 'apiKey' | 'machines'>;
  intervalMs?: number;
  log?: (line: string) => void;
}

export interface SimulatorStats {
  batches: number;
  accepted: number;
  duplicates: number;
  rejected: number;
  /** Attempts that got no 200: connection errors, 429, 5xx, other 4xx. */
  failures: number;
}

export interface DemoSimulator {
  readonly stats: SimulatorStats;
  stop(): Promise<void>;
}

interface Sample {
  tag: string;
  timestamp: number;
  value: SimulatedValue;
}

// About five minutes of one machine's samples: what an api restart may cost at most without a gap.
const MAX_PENDING_SAMPLES = 2_000;
const MAX_BACKOFF_MS = 30_000;
const REQUEST_TIMEOUT_MS = 10_000;
// The api takes a few seconds to come up beside the simulator: connection errors before then are expected.
const START_GRACE_MS = 30_000;

type Outcome = { ok: true; result: IngestResult } | { ok: false; reason: string; retryAfterMs: number; dropBatch: boolean };

export function startDemoSimulator(options: SimulatorOptions): DemoSimulator {
  const intervalMs = options.intervalMs ?? 1000;
  const log = options.log ?? ((line: string) => console.log(line));
  const stats: SimulatorStats = { batches: 0, accepted: 0, duplicates: 0, rejected: 0, failures: 0 };
  const stopping = new AbortController();
  const startedAt = Date.now();
  let connected = false;
  let outage = false;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        stopping.signal.removeEventListener('abort', wake);
        resolve();
      };
      const timer = setTimeout(wake, Math.max(0, ms));
      stopping.signal.addEventListener('abort', wake);
    });

  async function post(machineId: string, samples: Sample[]): Promise<Outcome> {
    let response: Response;
    try {
      response = await fetch(`${options.baseUrl}${INGEST_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${options.simulation.apiKey}` },
        body: JSON.stringify({ machineId, values: samples }),
        signal: AbortSignal.any([stopping.signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]),
      });
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
      return { ok: false, reason: `api unreachable (${cause})`, retryAfterMs: 0, dropBatch: false };
    }
    const body = (await response.json().catch(() => null)) as (IngestResult & { error?: { message?: string } }) | null;
    if (response.status === 200 && body) return { ok: true, result: body };
    const retryAfterMs = Number(response.headers.get('retry-after') ?? 0) * 1000 || 0;
    const transient = response.status === 429 || response.status >= 500;
    // Any other 4xx will not get better by resending the same values (key deleted, machine deleted...).
    return { ok: false, reason: `HTTP ${response.status}${body?.error?.message ? `: ${body.error.message}` : ''}`, retryAfterMs, dropBatch: !transient };
  }

  async function runMachine(machine: SimulatedMachine): Promise<void> {
    const signals = new MachineSignals(machine.tags);
    let pending: Sample[] = [];
    let failuresInRow = 0;
    let retryAt = 0;
    while (!stopping.signal.aborted) {
      const tickAt = Date.now();
      for (const { tag, value } of signals.next(tickAt)) pending.push({ tag, timestamp: tickAt, value });
      if (pending.length > MAX_PENDING_SAMPLES) pending = pending.slice(-MAX_PENDING_SAMPLES);
      if (tickAt >= retryAt) {
        const outcome = await post(machine.id, pending);
        if (stopping.signal.aborted) return;
        if (outcome.ok) {
          stats.batches += 1;
          stats.accepted += outcome.result.accepted;
          stats.duplicates += outcome.result.duplicates;
          stats.rejected += outcome.result.rejected.length;
          if (outcome.result.rejected.length > 0)
            log(`demo simulator: ${machine.name}: ${outcome.result.rejected.length} values rejected (${outcome.result.rejected[0]!.reason})`);
          pending = [];
          failuresInRow = 0;
          connected = true;
          if (outage) log('demo simulator: the api answers again; sending resumed');
          outage = false;
        } else {
          stats.failures += 1;
          failuresInRow += 1;
          if (outcome.dropBatch) pending = [];
          const backoff = Math.min(MAX_BACKOFF_MS, intervalMs * 2 ** (failuresInRow - 1)) * (0.75 + Math.random() / 2);
          retryAt = Date.now() + Math.max(backoff, outcome.retryAfterMs);
          if (!outage && (connected || Date.now() - startedAt > START_GRACE_MS)) {
            outage = true;
            log(`demo simulator: ${machine.name}: ${outcome.reason}; retrying with backoff`);
          }
        }
      }
      await sleep(tickAt + intervalMs - Date.now());
    }
  }

  const running = Promise.all(options.simulation.machines.map((m) => runMachine(m)));
  return {
    stats,
    async stop() {
      stopping.abort();
      await running;
    },
  };
}
