import type { ErrorRequestHandler } from 'express';
import type { Logger } from 'pino';

/** The one error type of the api: an HTTP status and a stable snake_case code the client may rely on. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, details?: unknown) => new AppError(400, 'validation_failed', message, details);
export const unauthorized = (message = 'Authentication required.', code = 'unauthorized') => new AppError(401, code, message);
export const forbidden = (message = 'You do not have permission to do this.') => new AppError(403, 'forbidden', message);
export const notFound = (message = 'Not found.') => new AppError(404, 'not_found', message);
export const conflict = (message: string, code = 'conflict') => new AppError(409, code, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number, code = 'rate_limited') =>
  new AppError(429, code, message, undefined, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
export const serviceUnavailable = (message = 'Service temporarily unavailable. Please retry.', retryAfterSeconds = 5) =>
  new AppError(503, 'service_unavailable', message, undefined, { 'Retry-After': String(retryAfterSeconds) });

// PostgreSQL SQLSTATEs that are the client's doing or a transient outage, never a 500.
function fromDatabaseError(error: { code?: unknown; message?: unknown }): AppError | null {
  const code = typeof error.code === 'string' ? error.code : '';
  const message = typeof error.message === 'string' ? error.message : '';
  if (code === '23505') return conflict('This already exists.');
  if (code === '23503') return conflict('A referenced record does not exist or is still in use.', 'reference_conflict');
  if (code === '23514' || code === '23502' || code === '22P02' || code === '22007' || code === '22008' || code === '22003')
    return badRequest('A value is out of range or malformed.');
  if (code === '42501') return forbidden();
  if (code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03' || code === '53300')
    return serviceUnavailable();
  // pg-pool: no connection within connectionTimeoutMillis; pg: a client whose connection died mid-transaction;
  // node: the server refused or went away.
  if (/timeout exceeded when trying to connect|Connection terminated|connection error and is not queryable|ECONNREFUSED|ECONNRESET/.test(message))
    return serviceUnavailable();
  return null;
}

export function toAppError(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  if (error && typeof error === 'object') {
    const e = error as { type?: unknown; status?: unknown; code?: unknown; message?: unknown };
    // body-parser errors carry a type and an HTTP status.
    if (e.type === 'entity.too.large') return new AppError(413, 'payload_too_large', 'Request body is too large.');
    if (e.type === 'entity.parse.failed') return badRequest('Request body is not valid JSON.');
    if (e.type === 'encoding.unsupported' || e.type === 'charset.unsupported')
      return new AppError(415, 'unsupported_media_type', 'Unsupported content encoding.');
    // Any other client error body-parser raises (e.g. a corrupt gzip stream) carries a 4xx status.
    if (typeof e.status === 'number' && e.status >= 400 && e.status < 500 && (typeof e.type === 'string' || 'expose' in e))
      return badRequest('Malformed request body.');
    return fromDatabaseError(e);
  }
  return null;
}

export function errorMiddleware(logger: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const appError = toAppError(error);
    if (!appError) {
      logger.error({ err: error, reqId: req.id }, 'unhandled error');
      res.status(500).json({ error: { code: 'internal', message: 'Something went wrong. Please try again.' } });
      return;
    }
    if (appError.status >= 500) logger.warn({ err: error, reqId: req.id }, appError.message);
    res.set(appError.headers);
    const body: { code: string; message: string; details?: unknown } = { code: appError.code, message: appError.message };
    if (appError.details !== undefined) body.details = appError.details;
    res.status(appError.status).json({ error: body });
  };
}
