import { loginResponseSchema, sessionResponseSchema, type Organization, type User } from '@taktwerk/common';
import { ApiError, requestJson } from '../http-json';

/** Why the last session ended, when the person did not end it themselves: the login view explains it. */
export type SignedOutReason = 'inactivity';

export type SessionState =
  | { status: 'loading' }
  | { status: 'signed-out'; reason?: SignedOutReason }
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

function startSession(payload: unknown, failure = 'No session returned from login'): void {
  const parsed = sessionResponseSchema.safeParse(payload);
  if (!parsed.success) throw new ApiError(502, 'invalid_session', failure);
  const session = parsed.data;
  accessToken = session.accessToken;
  schedule(Math.max(session.expiresIn - REFRESH_LEAD_SECONDS, session.expiresIn * 0.8) * 1000);
  setState({ status: 'signed-in', user: session.user, organization: session.organization });
}

function endSession(reason?: SignedOutReason): void {
  generation++;
  accessToken = null;
  clearTimeout(refreshTimer);
  setState(reason ? { status: 'signed-out', reason } : { status: 'signed-out' });
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
      else endSession(error instanceof ApiError && error.code === 'session_idle' ? 'inactivity' : undefined);
      return false;
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/** What a correct password leads to: the app, or the code step of two-factor users (its token lives in memory only). */
export type SignInResult = { kind: 'signed-in' } | { kind: 'two-factor'; challengeToken: string };

/** Signs in with email and password; rejects with an ApiError the login form shows. */
export async function signIn(email: string, password: string): Promise<SignInResult> {
  const payload = await requestJson('/auth/login', { method: 'POST', body: { email, password } });
  const parsed = loginResponseSchema.safeParse(payload);
  if (parsed.success && 'twoFactorRequired' in parsed.data) return { kind: 'two-factor', challengeToken: parsed.data.challengeToken };
  generation++;
  startSession(payload);
  return { kind: 'signed-in' };
}

/** Second step of a two-factor sign-in; rejects with an ApiError, after which sign-in starts again with the password. */
export async function verifyTwoFactor(challengeToken: string, code: string): Promise<void> {
  const payload = await requestJson('/auth/2fa/verify', { method: 'POST', body: { challengeToken, code } });
  generation++;
  startSession(payload, 'Failed to finalize 2FA session');
}

/** Continues in the session the server issued after a password or two-factor change (all earlier ones ended). */
export function replaceSession(payload: unknown): void {
  startSession(payload);
}

/**
 * Ends the session on the server; local state is cleared even when that call fails (the error still rejects).
 * `inactivity` makes the login view say why.
 */
export function signOut(reason?: SignedOutReason): Promise<void> {
  signingOut ??= requestJson('/auth/logout', { method: 'POST', token: accessToken })
    .then(() => undefined)
    .finally(() => {
      endSession(reason);
      signingOut = null;
    });
  return signingOut;
}

/** Tells the server the person is active (the server ends sessions idle longer than their timeout). */
export async function reportActivity(): Promise<void> {
  if (!accessToken) return;
  await requestJson('/auth/activity', { method: 'POST', token: accessToken }).catch(() => undefined);
}
