import { sessionResponseSchema, type Organization, type User } from '@taktwerk/common';
import { ApiError, requestJson } from '../http-json';

export type SessionState =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | { status: 'signed-in'; user: User; organization: Organization };

// Renew a minute before the access token expires; short-lived tokens at 80 % of their life.
const REFRESH_LEAD_SECONDS = 60;
const REFRESH_RETRY_MS = 30_000;

let state: SessionState = { status: 'loading' };
// The access token lives only in memory; the refresh token is an httpOnly cookie the page never sees.
let accessToken: string | null = null;
let refreshTimer: ReturnType<typeof setTimeout> | undefined;
let refreshing: Promise<boolean> | null = null;
let signingOut: Promise<void> | null = null;
// Bumped when a session ends, so a refresh answered after sign-out cannot revive it.
let generation = 0;
const listeners = new Set<() => void>();

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getSession(): SessionState {
  return state;
}

export function getAccessToken(): string | null {
  return accessToken;
}

function setState(next: SessionState): void {
  state = next;
  for (const listener of listeners) listener();
}

function schedule(delayMs: number): void {
  clearTimeout(refreshTimer);
  refreshTimer = setTimeout(() => void refreshSession(), delayMs);
}

function startSession(payload: unknown): void {
  const parsed = sessionResponseSchema.safeParse(payload);
  if (!parsed.success) throw new ApiError(502, 'invalid_session', 'No session returned from login');
  const session = parsed.data;
  accessToken = session.accessToken;
  schedule(Math.max(session.expiresIn - REFRESH_LEAD_SECONDS, session.expiresIn * 0.8) * 1000);
  setState({ status: 'signed-in', user: session.user, organization: session.organization });
}

function endSession(): void {
  generation++;
  accessToken = null;
  clearTimeout(refreshTimer);
  setState({ status: 'signed-out' });
}

/**
 * Exchanges the refresh cookie for a new access token: on page load, before expiry and after a 401.
 * Concurrent callers share one request. Resolves whether a session is active afterwards.
 */
export function refreshSession(): Promise<boolean> {
  if (refreshing) return refreshing;
  const startedIn = generation;
  refreshing = requestJson('/auth/refresh', { method: 'POST' })
    .then((payload) => {
      if (startedIn !== generation) return false;
      // 204: there is no session to restore (no refresh cookie) — signed out, not an error.
      if (payload === undefined) {
        endSession();
        return false;
      }
      startSession(payload);
      return true;
    })
    .catch((error: unknown) => {
      if (startedIn !== generation) return false;
      // A network blip must not sign out someone whose token is still valid: try again later.
      const transient = error instanceof ApiError && (error.status === 0 || error.status >= 500);
      if (transient && state.status === 'signed-in') schedule(REFRESH_RETRY_MS);
      else endSession();
      return false;
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/** Signs in with email and password; rejects with an ApiError the login form shows. */
export async function signIn(email: string, password: string): Promise<void> {
  const payload = await requestJson('/auth/login', { method: 'POST', body: { email, password } });
  generation++;
  startSession(payload);
}

/** Ends the session on the server; local state is cleared even when that call fails (the error still rejects). */
export function signOut(): Promise<void> {
  signingOut ??= requestJson('/auth/logout', { method: 'POST', token: accessToken })
    .then(() => undefined)
    .finally(() => {
      endSession();
      signingOut = null;
    });
  return signingOut;
}
