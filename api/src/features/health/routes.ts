import { getStorageMode, type StorageMode } from '@taktwerk/db';
import type { Express } from 'express';
import type { AppDeps } from '../../context';

type Check = 'ok' | 'down';

/** Liveness and readiness, outside /api/v1 so load balancers need no credentials. */
export function registerHealthRoutes(app: Express, deps: AppDeps): void {
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });

  app.get('/readyz', async (_req, res) => {
    let database: Check = 'ok';
    let storage: StorageMode | null = null;
    try {
      storage = await getStorageMode(deps.pool);
    } catch {
      database = 'down';
    }
    let redis: Check = 'ok';
    try {
      await deps.redis.ping();
    } catch {
      redis = 'down';
    }
    // Without PostgreSQL nothing works; without Redis ingest still commits but live fan-out and rate limits degrade.
    const degraded = redis === 'down' ? ['live_streaming', 'rate_limiting', 'job_queue'] : [];
    const status = database === 'down' ? 'unavailable' : degraded.length > 0 ? 'degraded' : 'ok';
    res.status(database === 'down' ? 503 : 200).json({ status, checks: { database, redis }, storage, degraded });
  });
}
