import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { OutboundGuard } from './address-guard';
import { PermanentDeliveryError, RetryableDeliveryError } from './delivery-error';

export interface HttpReply {
  status: number;
  headers: IncomingHttpHeaders;
  /** The first RESPONSE_LIMIT bytes of the body, for error messages and Telegram's JSON. */
  body: string;
}

const RESPONSE_LIMIT = 16 * 1024;
/** Longest wait a receiver's Retry-After may ask for; a longer one is cut to this. */
const MAX_RETRY_AFTER_MS = 60 * 60 * 1000;

/**
 * POSTs a JSON body through the SSRF guard with one overall timeout. Redirects are never followed (a 3xx is an
 * answer like any other), so a receiver cannot bounce the request to an address the guard would refuse.
 */
export function postJson(url: URL, body: string, options: { guard: OutboundGuard; timeoutMs: number; headers?: Record<string, string> }): Promise<HttpReply> {
  options.guard.checkUrl(url);
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<HttpReply>((resolve, reject) => {
    const req = request(url, {
      method: 'POST',
      agent: false,
      lookup: options.guard.lookup,
      signal: AbortSignal.timeout(options.timeoutMs),
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        'user-agent': 'Taktwerk-Notifications/1',
        ...options.headers,
      },
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        if (size < RESPONSE_LIMIT) chunks.push(chunk);
        size += chunk.length;
      });
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8').slice(0, RESPONSE_LIMIT) }),
      );
      res.on('error', (error) => reject(transportError(error)));
    });
    req.on('error', (error) => reject(transportError(error)));
    req.end(body);
  });
}

function transportError(error: Error): Error {
  if (error instanceof PermanentDeliveryError) return error;
  if (error.name === 'AbortError' || error.name === 'TimeoutError') return new RetryableDeliveryError('timed out waiting for the receiver');
  const code = (error as NodeJS.ErrnoException).code;
  return new RetryableDeliveryError(`could not reach the receiver: ${code ?? error.message}`);
}

/** Seconds (or an HTTP date) from a Retry-After header, or a JSON body's retry_after (Slack, Telegram, Discord-like APIs). */
export function retryAfterMs(reply: HttpReply, now = Date.now()): number | undefined {
  const header = reply.headers['retry-after'];
  let ms: number | undefined;
  if (header && /^\d+(\.\d+)?$/.test(header.trim())) ms = Number(header) * 1000;
  else if (header && !Number.isNaN(Date.parse(header))) ms = Math.max(0, Date.parse(header) - now);
  else {
    try {
      const json = JSON.parse(reply.body) as { retry_after?: unknown; parameters?: { retry_after?: unknown } };
      const seconds = json.parameters?.retry_after ?? json.retry_after;
      if (typeof seconds === 'number' && seconds >= 0) ms = seconds * 1000;
    } catch {
      // not JSON: no hint
    }
  }
  return ms === undefined ? undefined : Math.min(Math.ceil(ms), MAX_RETRY_AFTER_MS);
}

/** 2xx succeeds; 408, 429 and 5xx are worth retrying (429 after the receiver's delay); anything else is permanent. */
export function assertAccepted(reply: HttpReply, receiver: string): void {
  if (reply.status >= 200 && reply.status < 300) return;
  const detail = `${receiver} answered ${reply.status}${reply.body ? `: ${reply.body.slice(0, 200)}` : ''}`;
  if (reply.status === 429) throw new RetryableDeliveryError(detail, retryAfterMs(reply));
  if (reply.status === 408 || reply.status >= 500) throw new RetryableDeliveryError(detail);
  if (reply.status >= 300 && reply.status < 400) throw new PermanentDeliveryError(`${detail} (redirects are not followed)`);
  throw new PermanentDeliveryError(detail);
}
