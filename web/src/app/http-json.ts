import { errorResponseSchema } from '@taktwerk/common';

export const API_BASE = '/api/v1';

/** Every failed API call becomes one of these: HTTP status (0 when the server was unreachable), stable code, message. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** The error's parameters where the api gives them, e.g. { minLength } of password_too_short. */
  readonly details: unknown;

  constructor(status: number, code: string, message: string, details?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

export interface JsonRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** Access token for the Authorization header. */
  token?: string | null;
  signal?: AbortSignal;
}

/** One JSON round trip to the API without any session handling; resolves to the parsed body (undefined for 204). */
export async function requestJson(path: string, { method = 'GET', body, token, signal }: JsonRequest = {}): Promise<unknown> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      // The refresh cookie is httpOnly and scoped to our origin.
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, 'network_error', error instanceof Error ? error.message : String(error));
  }

  const payload: unknown = response.status === 204 ? undefined : await response.json().catch(() => undefined);
  if (response.ok) return payload;
  const parsed = errorResponseSchema.safeParse(payload);
  if (parsed.success) throw new ApiError(response.status, parsed.data.error.code, parsed.data.error.message, parsed.data.error.details);
  throw new ApiError(response.status, 'http_error', response.statusText || `HTTP ${response.status}`);
}
