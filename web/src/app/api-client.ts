import { getAccessToken, refreshSession } from './auth/session-store';
import { ApiError, requestJson, type JsonRequest } from './http-json';

export { ApiError } from './http-json';

/** A zod schema (or anything with `parse`) that validates a response body. */
export interface ResponseParser<T> {
  parse(input: unknown): T;
}

export type ApiRequestOptions = Omit<JsonRequest, 'token'>;

/** Query parameters of a call; undefined and null are left out. */
export type ApiParams = Record<string, string | number | boolean | null | undefined>;

/** An SWR key: the API path plus every parameter that changes the answer. */
export type ApiKey = readonly [path: string, params?: ApiParams];

export function apiPath(path: string, params: ApiParams = {}): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) query.set(name, String(value));
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/**
 * Calls the API as the signed-in user and validates the answer. A 401 triggers one token refresh and one retry,
 * so a token that expired while the tab slept does not surface as an error.
 */
export async function apiFetch<T>(path: string, parser: ResponseParser<T>, options: ApiRequestOptions = {}): Promise<T> {
  let payload: unknown;
  try {
    payload = await requestJson(path, { ...options, token: getAccessToken() });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401 || !(await refreshSession())) throw error;
    payload = await requestJson(path, { ...options, token: getAccessToken() });
  }
  const parsed = safeParse(parser, payload);
  if (!parsed.ok) throw new ApiError(502, 'invalid_response', `Unexpected response from ${path}`);
  return parsed.value;
}

function safeParse<T>(parser: ResponseParser<T>, payload: unknown): { ok: true; value: T } | { ok: false } {
  try {
    return { ok: true, value: parser.parse(payload) };
  } catch {
    return { ok: false };
  }
}

/** The fetcher for SWR hooks: `useSWR(key, apiFetcher(schema))`. */
export function apiFetcher<T>(parser: ResponseParser<T>) {
  return ([path, params]: ApiKey): Promise<T> => apiFetch(apiPath(path, params), parser);
}
