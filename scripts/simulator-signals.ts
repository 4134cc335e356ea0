// Plausible shop-floor signals for the demo simulator: one generator per machine, one value per tag and tick.
import type { TagDataType } from '@taktwerk/common';

export interface SimulatedTag {
  alias: string;
  dataType: TagDataType;
  unit: string | null;
}

export type SimulatedValue = number | boolean | string;

interface DoubleProfile {
  /** Level while the machine runs, and while it stands still. */
  running: number;
  idle: number;
  /** Standard deviation of the per-second noise, and the height of an occasional spike. */
  noise: number;
  spike: number;
}

// Known demo tags first, then by unit: a tag added later still gets a sensible range.
const BY_ALIAS: Record<string, DoubleProfile> = {
  'spindle.temp': { running: 62, idle: 28, noise: 0.3, spike: 18 },
  'spindle.speed': { running: 12_000, idle: 0, noise: 40, spike: 1_500 },
  pressure: { running: 850, idle: 5, noise: 6, spike: 220 },
  'outlet.pressure': { running: 7.5, idle: 6.8, noise: 0.04, spike: 1.2 },
  'motor.current': { running: 42, idle: 6, noise: 0.8, spike: 25 },
};
const BY_UNIT: Record<string, DoubleProfile> = {
  '°C': { running: 55, idle: 25, noise: 0.3, spike: 15 },
  rpm: { running: 3_000, idle: 0, noise: 20, spike: 400 },
  bar: { running: 8, idle: 1, noise: 0.05, spike: 1.5 },
  A: { running: 30, idle: 4, noise: 0.6, spike: 20 },
  kW: { running: 22, idle: 1.5, noise: 0.4, spike: 12 },
  'mm/s': { running: 2.5, idle: 0.2, noise: 0.15, spike: 6 },
};
const FALLBACK: DoubleProfile = { running: 50, idle: 10, noise: 0.5, spike: 20 };

const SPIKE_CHANCE = 0.004;
const STOP_CHANCE = 1 / 600;
const RESTART_CHANCE = 1 / 45;

/** Normally distributed noise (Box-Muller). */
function gaussian(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * One machine's signals. The machine runs most of the time and now and then stops for a while: speeds and currents
 * fall, temperatures cool slowly, counters pause. Values drift with mean reversion, carry noise and a slow wave,
 * and occasionally spike for one sample.
 */
export class MachineSignals {
  private running = true;
  private readonly levels = new Map<string, number>();
  private counter: number;

  constructor(private readonly tags: SimulatedTag[], private readonly random: () => number = Math.random) {
    this.counter = Math.floor(random() * 50_000);
  }

  next(atMs: number): { tag: string; value: SimulatedValue }[] {
    this.running = this.running ? this.random() >= STOP_CHANCE : this.random() < RESTART_CHANCE;
    if (this.running && this.random() < 0.6) this.counter += 1;
    return this.tags.map((tag) => ({ tag: tag.alias, value: this.valueOf(tag, atMs) }));
  }

  private valueOf(tag: SimulatedTag, atMs: number): SimulatedValue {
    switch (tag.dataType) {
      case 'Boolean':
        return this.running;
      case 'Int32':
        return this.counter;
      case 'String':
        return this.running ? 'RUNNING' : 'IDLE';
      case 'Double':
        return this.double(tag, atMs);
    }
  }

  private double(tag: SimulatedTag, atMs: number): number {
    const profile = BY_ALIAS[tag.alias] ?? (tag.unit ? BY_UNIT[tag.unit] : undefined) ?? FALLBACK;
    const target = (this.running ? profile.running : profile.idle) * (1 + 0.03 * Math.sin((2 * Math.PI * atMs) / 600_000));
    const previous = this.levels.get(tag.alias) ?? target;
    const level = previous + (target - previous) * 0.04 + profile.noise * gaussian(this.random);
    this.levels.set(tag.alias, level);
    const spike = this.random() < SPIKE_CHANCE ? profile.spike * (0.5 + this.random()) : 0;
    return round(Math.max(0, level + spike), 2);
  }
}
