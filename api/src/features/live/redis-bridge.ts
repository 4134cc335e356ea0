import { randomUUID } from 'node:crypto';
import { SESSIONS_REVOKED_CHANNEL, type LiveSeries } from '@taktwerk/common';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { OrgChannels } from './hub';

/** One channel per organization: a replica listens only to organizations it has sockets for. */
export const LIVE_CHANNEL_PREFIX = 'taktwerk:live:';
const REPLICA_ID_LENGTH = 36;
const WARN_EVERY_MS = 30_000;
const CONNECT_WAIT_MS = 1000;

export interface BridgeHandlers {
  batch(orgId: string, machineId: string, series: readonly LiveSeries[]): void;
  sessionsEnded(sessionIds: readonly string[]): void;
}

/**
 * Carries committed batches between api replicas. A message is the publishing replica's id (fixed length) followed
 * by `{"m": machineId, "s": series}`; the publisher has already delivered to its own sockets and skips its echo,
 * so a replica keeps serving its own ingest while Redis is down.
 *
 * Per-organization channels rather than one pattern subscription: Redis sends each batch only to replicas that
 * watch that organization, and PUBLISH does not have to match every pattern. Subscriptions change only when an
 * organization's first socket signs in or its last one leaves, so 200 sockets of one organization cost one channel.
 */
export class LiveBridge implements OrgChannels {
  readonly replicaId = randomUUID();
  private readonly subscriber: Redis;
  private readonly orgs = new Map<string, { sockets: number; subscribed: Promise<void> }>();
  private lastWarning = 0;

  constructor(
    private readonly redis: Redis,
    private readonly logger: Logger,
    private readonly handlers: BridgeHandlers,
  ) {
    // Pub/sub needs a connection of its own. Like the main one it has no offline queue; on every (re)connect the
    // full set of channels is subscribed again, including organizations joined while Redis was away.
    this.subscriber = redis.duplicate();
    this.subscriber.on('error', (err: Error) => this.warn('live fan-out degraded: Redis subscriber unavailable', err));
    this.subscriber.on('ready', () => void this.subscribeAll());
    this.subscriber.on('message', (channel: string, message: string) => this.receive(channel, message));
  }

  join(orgId: string): Promise<void> {
    const current = this.orgs.get(orgId);
    if (current) {
      current.sockets += 1;
      return current.subscribed;
    }
    const subscribed = this.subscribe([LIVE_CHANNEL_PREFIX + orgId]);
    this.orgs.set(orgId, { sockets: 1, subscribed });
    return subscribed;
  }

  leave(orgId: string): void {
    const current = this.orgs.get(orgId);
    if (!current) return;
    current.sockets -= 1;
    if (current.sockets > 0) return;
    this.orgs.delete(orgId);
    this.subscriber.unsubscribe(LIVE_CHANNEL_PREFIX + orgId).catch(() => undefined);
  }

  /** Never throws and never waits: ingest is durable already, live fan-out is best effort. */
  publish(orgId: string, machineId: string, series: readonly LiveSeries[]): void {
    const message = this.replicaId + JSON.stringify({ m: machineId, s: series });
    this.redis.publish(LIVE_CHANNEL_PREFIX + orgId, message).catch((err: unknown) => this.warn('live fan-out degraded: could not publish to Redis', err));
  }

  async close(): Promise<void> {
    await this.subscriber.quit().catch(() => this.subscriber.disconnect());
  }

  private subscribeAll(): Promise<void> {
    return this.subscribe([SESSIONS_REVOKED_CHANNEL, ...[...this.orgs.keys()].map((orgId) => LIVE_CHANNEL_PREFIX + orgId)]);
  }

  /** Settles either way: while Redis is down the socket still gets its own replica's points. */
  private async subscribe(channels: string[]): Promise<void> {
    // Just after start-up the connection is still being made: worth a short wait, unlike an outage.
    if (this.subscriber.status === 'connecting' || this.subscriber.status === 'connect') await this.readyOrTimeout();
    if (this.subscriber.status !== 'ready') return;
    try {
      await this.subscriber.subscribe(...channels);
    } catch (err) {
      this.warn('live fan-out degraded: could not subscribe in Redis', err);
    }
  }

  private readyOrTimeout(): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.subscriber.off('ready', done);
        resolve();
      };
      const timer = setTimeout(done, CONNECT_WAIT_MS);
      this.subscriber.once('ready', done);
    });
  }

  private receive(channel: string, message: string): void {
    try {
      if (channel === SESSIONS_REVOKED_CHANNEL) {
        const { sessionIds } = JSON.parse(message) as { sessionIds?: unknown };
        if (Array.isArray(sessionIds)) this.handlers.sessionsEnded(sessionIds.filter((id): id is string => typeof id === 'string'));
        return;
      }
      if (!channel.startsWith(LIVE_CHANNEL_PREFIX) || message.startsWith(this.replicaId)) return;
      const { m, s } = JSON.parse(message.slice(REPLICA_ID_LENGTH)) as { m?: unknown; s?: unknown };
      if (typeof m === 'string' && Array.isArray(s)) this.handlers.batch(channel.slice(LIVE_CHANNEL_PREFIX.length), m, s as LiveSeries[]);
    } catch (err) {
      this.warn('live fan-out: unreadable message on a live channel', err);
    }
  }

  /** At most one warning per interval: an outage under ingest load must not flood the log. */
  private warn(message: string, err: unknown): void {
    const now = Date.now();
    if (now - this.lastWarning < WARN_EVERY_MS) return;
    this.lastWarning = now;
    this.logger.warn({ err }, message);
  }
}
