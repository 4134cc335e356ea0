import { existsSync } from 'node:fs';
import path from 'node:path';
import cookieParser from 'cookie-parser';
import express, { type Express, type RequestHandler } from 'express';
import { randomUUID } from 'node:crypto';
import { pinoHttp } from 'pino-http';
import type { AppDeps } from './context';
import { registerAuthRoutes } from './features/auth/routes';
import { registerHealthRoutes } from './features/health/routes';
import { registerIngestRoutes } from './features/ingest/routes';
import { registerMeRoutes } from './features/me/routes';
import { registerSignupRoutes } from './features/signup/routes';
import { registerTwoFactorRoutes } from './features/two-factor/routes';
import { registerPasswordRoutes } from './features/password/routes';
import { registerProfileRoutes } from './features/profile/routes';
import { registerPreferencesRoutes } from './features/preferences/routes';
import { registerPublicContentRoutes } from './features/public-content/routes';
import { registerDevMailboxRoutes } from './features/dev-mailbox/routes';
import { registerMachineRoutes } from './features/machines/routes';
import { registerTagRoutes } from './features/tags/routes';
import { registerApiKeyRoutes } from './features/api-keys/routes';
import { registerAgentConfigRoutes } from './features/agent-config/routes';
import { registerTelemetryRoutes } from './features/telemetry/routes';
import { registerDataExplorerRoutes } from './features/data-explorer/routes';
import { registerAlertRoutes } from './features/alerts/routes';
import { registerAlertEventRoutes } from './features/alert-events/routes';
import { registerAnalyticsWidgetRoutes } from './features/analytics-widgets/routes';
import { registerSearchRoutes } from './features/search/routes';
import { registerDashboardRoutes } from './features/dashboard/routes';
import { errorMiddleware, notFound } from './http/errors';
import { ApiRouter } from './http/route';
import { createMetrics, metricsMiddleware, type Metrics } from './metrics';
import { buildOpenApi } from './openapi';

const API_VERSION = '1.0.0';

const securityHeaders: RequestHandler = (_req, res, next) => {
  res.set({
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Cross-Origin-Opener-Policy': 'same-origin',
  });
  next();
};

/** Each feature adds its routes here, in one line. */
function registerFeatures(api: ApiRouter): void {
  registerAuthRoutes(api);
  registerMeRoutes(api);
  registerSignupRoutes(api);
  registerTwoFactorRoutes(api);
  registerPasswordRoutes(api);
  registerProfileRoutes(api);
  registerPreferencesRoutes(api);
  registerPublicContentRoutes(api);
  registerDevMailboxRoutes(api);
  registerMachineRoutes(api);
  registerTagRoutes(api);
  registerApiKeyRoutes(api);
  registerIngestRoutes(api);
  registerAgentConfigRoutes(api);
  registerTelemetryRoutes(api);
  registerDataExplorerRoutes(api);
  registerAlertRoutes(api);
  registerAlertEventRoutes(api);
  registerAnalyticsWidgetRoutes(api);
  registerSearchRoutes(api);
  registerDashboardRoutes(api);
}

export function createApp(deps: AppDeps, metrics: Metrics = createMetrics()): Express {
  const app = express();
  app.disable('x-powered-by');
  // Exactly as many hops as there are proxies: req.ip is then the real client, and cannot be forged by a header.
  app.set('trust proxy', deps.env.TRUST_PROXY_HOPS);
  app.use(
    pinoHttp({
      logger: deps.logger,
      genReqId: (req, res) => {
        const incoming = req.headers['x-request-id'];
        const id = typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
        res.setHeader('X-Request-Id', id);
        return id;
      },
      autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/readyz' || req.url === '/metrics' },
      // Agents push every second: a successful ingest is a debug line (metrics count them); failures stay visible.
      customLogLevel: (req, res, err) => {
        if (err || res.statusCode >= 500) return 'error';
        if (res.statusCode >= 400) return 'warn';
        // Express rewrites req.url inside mounted routers; originalUrl keeps the full path.
        const url = (req as { originalUrl?: string }).originalUrl ?? req.url ?? '';
        return url.startsWith('/api/v1/ingest') ? 'debug' : 'info';
      },
      // Bearer API keys, machine tokens, access tokens and the refresh cookie must never reach the logs.
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    }),
  );
  app.use(securityHeaders);
  app.use(metricsMiddleware(metrics));

  registerHealthRoutes(app, deps);
  app.get('/metrics', async (_req, res) => {
    res.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });

  const api = new ApiRouter(deps);
  registerFeatures(api);
  const openApi = buildOpenApi(api.docs, API_VERSION);
  const v1 = express.Router();
  v1.use(cookieParser());
  // Ingest batches are far larger than any other body (up to 100,000 values); gzip is inflated by the parser.
  v1.use('/ingest', express.json({ limit: deps.env.INGEST_BODY_LIMIT, type: 'application/json' }));
  v1.use(express.json({ limit: deps.env.JSON_BODY_LIMIT, type: 'application/json' }));
  v1.get('/openapi.json', (_req, res) => {
    res.json(openApi);
  });
  v1.use(api.router);
  v1.use(() => {
    throw notFound('No such endpoint.');
  });
  app.use('/api/v1', v1);

  if (deps.env.WEB_DIST_DIR) {
    const dist = path.resolve(deps.env.WEB_DIST_DIR);
    if (!existsSync(path.join(dist, 'index.html'))) throw new Error(`WEB_DIST_DIR has no index.html: ${dist}`);
    // Hashed asset names never change content: cache them for a year; index.html must always be revalidated.
    app.use('/assets', express.static(path.join(dist, 'assets'), { immutable: true, maxAge: '1y', fallthrough: false }));
    app.use(express.static(dist, { index: 'index.html', maxAge: 0 }));
  }
  app.use(errorMiddleware(deps.logger));
  return app;
}

export { API_VERSION };
