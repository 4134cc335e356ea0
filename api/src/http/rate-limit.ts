import type { Redis } from 'ioredis';
import type { Logger } from 'pino';

export interface RateDecision {
  allowed: boolean;
  retryAfterSeconds: number;
  /** false when Redis could not be asked: the request is let through and the degradation logged. */
  enforced: boolean;
}

/** Fixed-window counters in Redis, shared by every api replica. */
export class RateLimiter {
  constructor(private readonly redis: Redis, private readonly logger: Logger) {}

  async hit(key: string, limit: number, windowSeconds: number): Promise<RateDecision> {
    const windowKey = `rl:${key}:${Math.floor(Date.now() / 1000 / windowSeconds)}`;
    try {
      const [[, count], [, ttl]] = (await this.redis.multi().incr(windowKey).ttl(windowKey).exec()) as [[null, number], [null, number]];
      if (ttl < 0) await this.redis.expire(windowKey, windowSeconds);
      const retryAfterSeconds = ttl > 0 ? ttl : windowSeconds;
      return { allowed: count <= limit, retryAfterSeconds, enforced: true };
    } catch (error) {
      this.logger.warn({ err: error, key }, 'rate limiter degraded: Redis unavailable, request allowed');
      return { allowed: true, retryAfterSeconds: 0, enforced: false };
    }
  }

  async reset(key: string, windowSeconds: number): Promise<void> {
    await this.redis.del(`rl:${key}:${Math.floor(Date.now() / 1000 / windowSeconds)}`).catch(() => undefined);
  }
}
