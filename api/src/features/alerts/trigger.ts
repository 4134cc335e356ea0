import { ALERT_EVALUATE_JOB_OPTIONS, JOB_NAMES, QUEUES, type AlertEvaluatePayload } from '@taktwerk/common';
import { listWatchedTags, withTenant, type Pool } from '@taktwerk/db';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { TtlCache } from '../../http/ttl-cache';
import type { IngestedBatch } from '../ingest/listeners';

/** How long the api trusts what it knows about a machine's rules; a rule changed on another replica waits this long. */
export const WATCHED_TAGS_TTL_MS = 10_000;
const MAX_CACHED_MACHINES = 50_000;
const WARN_EVERY_MS = 30_000;

/**
 * Starts alert evaluation after ingest: one alert.evaluate job per committed batch that touches a watched tag
 * (never per point). Enqueueing never delays or fails ingest: it runs after the answer is decided, failures are
 * logged (at most every 30 s), and while Redis is unreachable batches are skipped — the next job evaluates every
 * value since the rule's last evaluated one, so nothing is lost once Redis is back.
 */
export class AlertTrigger {
  /**
   * Per machine, the tags its enabled rules watch: ingest (the hot path) asks on every batch, the database is asked
   * once per machine per TTL. A rule change bumps the machine's generation, which is part of the key.
   */
  private readonly watchedTags: TtlCache<string, ReadonlySet<string>>;
  private readonly generations = new Map<string, number>();
  private lastWarning = 0;

  constructor(
    readonly queue: Queue,
    private readonly connection: Redis,
    private readonly pool: Pool,
    private readonly logger: Logger,
    ttlMs = WATCHED_TAGS_TTL_MS,
  ) {
    this.watchedTags = new TtlCache(ttlMs, MAX_CACHED_MACHINES);
  }

  /** The ingest listener. */
  readonly onIngest = (batch: IngestedBatch): void => {
    this.enqueueFor(batch).catch((err: unknown) => this.warn(err, 'alert evaluation not enqueued'));
  };

  /** A rule of the machine changed: the next batch reads its rules afresh. */
  invalidate(machineId: string): void {
    this.generations.set(machineId, (this.generations.get(machineId) ?? 0) + 1);
  }

  /** Whether jobs can be enqueued now (Redis reachable). */
  get connected(): boolean {
    return this.connection.status === 'ready';
  }

  async close(): Promise<void> {
    await this.queue.close();
    this.connection.disconnect();
  }

  private async enqueueFor(batch: IngestedBatch): Promise<void> {
    // Without a connection, BullMQ would wait for one: skip instead of piling up pending adds.
    if (!this.connected) {
      this.warn(new Error(`redis ${this.connection.status}`), 'alert evaluation skipped: Redis unavailable');
      return;
    }
    const key = `${batch.machineId}#${this.generations.get(batch.machineId) ?? 0}`;
    const load = async () => new Set(await withTenant(this.pool, batch.orgId, (db) => listWatchedTags(db, batch.machineId)));
    const watched = await this.watchedTags.get(key, load);
    if (!watched || watched.size === 0) return;
    const tags = new Set<string>();
    let fromMs = Number.POSITIVE_INFINITY;
    let toMs = Number.NEGATIVE_INFINITY;
    // A batch holds thousands of values but few tags: each tag is looked up once.
    const verdicts = new Map<string, boolean>();
    for (const point of batch.points) {
      let watches = verdicts.get(point.tag);
      if (watches === undefined) verdicts.set(point.tag, (watches = watched.has(point.tag.toLowerCase())));
      if (!watches) continue;
      tags.add(point.tag);
      const ts = point.ts.getTime();
      if (ts < fromMs) fromMs = ts;
      if (ts > toMs) toMs = ts;
    }
    if (tags.size === 0) return;
    const payload: AlertEvaluatePayload = { orgId: batch.orgId, machineId: batch.machineId, tags: [...tags], fromMs, toMs };
    await this.queue.add(JOB_NAMES.alertEvaluate, payload, { ...ALERT_EVALUATE_JOB_OPTIONS });
  }

  private warn(err: unknown, message: string): void {
    const now = Date.now();
    if (now - this.lastWarning < WARN_EVERY_MS) return;
    this.lastWarning = now;
    this.logger.warn({ err: err instanceof Error ? err.message : String(err) }, message);
  }
}

/**
 * The api's producer side of the alerts queue, on its own connection that fails fast (no offline queue, one retry)
 * instead of holding commands while Redis is down. `prefix` (QUEUE_PREFIX) is the worker's too; tests use their own.
 */
export function createAlertTrigger(options: { redisUrl: string; pool: Pool; logger: Logger; prefix: string; ttlMs?: number }): AlertTrigger {
  const connection = new Redis(options.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
  connection.on('error', () => undefined);
  const queue = new Queue(QUEUES.alerts, { connection, prefix: options.prefix });
  queue.on('error', (err) => options.logger.debug({ err: err.message }, 'alert queue error'));
  return new AlertTrigger(queue, connection, options.pool, options.logger, options.ttlMs);
}
