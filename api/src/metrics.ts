import type { RequestHandler } from 'express';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export interface Metrics {
  registry: Registry;
  httpDuration: Histogram<'method' | 'route' | 'status'>;
  liveSockets: Gauge;
  liveDropped: Counter<'reason'>;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by route template',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const liveSockets = new Gauge({ name: 'live_sockets', help: 'Open live websockets', registers: [registry] });
  const liveDropped = new Counter({
    name: 'live_sockets_dropped_total',
    help: 'Live websockets closed by the server: slow consumer or missed heartbeat',
    labelNames: ['reason'] as const,
    registers: [registry],
  });
  return { registry, httpDuration, liveSockets, liveDropped };
}

/** Times each request under its route template (never the raw URL, which would explode label cardinality). */
export function metricsMiddleware(metrics: Metrics): RequestHandler {
  return (req, res, next) => {
    const end = metrics.httpDuration.startTimer();
    res.on('finish', () => {
      const route = (req.route as { path?: string } | undefined)?.path;
      end({ method: req.method, route: route ? `${req.baseUrl}${route}` : 'unmatched', status: String(res.statusCode) });
    });
    next();
  };
}
