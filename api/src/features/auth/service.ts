import {
  dummyPasswordHash,
  findPreferences,
  findRefreshTokenForUpdate,
  findUser,
  findUserByEmail,
  getSystemConfig,
  insertAuditEntry,
  insertRefreshToken,
  markRefreshTokenRotated,
  revokeSession,
  touchSession,
  verifyPassword,
  withPlatform,
  withTenant,
  type Queryable,
} from '@taktwerk/db';
import type { LoginRequest, TwoFactorChallenge } from '@taktwerk/common';
import type { AppDeps } from '../../context';
import { tooManyRequests, unauthorized } from '../../http/errors';
import { newOpaqueToken, sha256Hex } from '../../http/tokens';
import { LOGIN_WINDOW_SECONDS, REFRESH_REUSE_GRACE_MS } from './schema';
import { openTwoFactorChallenge } from '../two-factor/challenge';
import {
  REFRESH_TOKEN_PREFIX,
  announceRevokedSessions,
  sessionResponse,
  startSession,
  type ClientMeta,
  type IssuedSession,
} from './sessions';

const invalidCredentials = () => unauthorized('Invalid email or password.', 'invalid_credentials');
const sessionEnded = () => unauthorized('Your session has ended. Please sign in again.', 'session_expired');
const sessionIdle = () => unauthorized('You have been logged out due to inactivity.', 'session_idle');

export type LoginOutcome = { kind: 'session'; issued: IssuedSession } | { kind: 'challenge'; challenge: TwoFactorChallenge };

/**
 * Password sign-in. Unknown emails and wrong passwords get the same answer in the same time. Users with two-factor
 * authentication get a pending challenge instead of a session (POST /auth/2fa/verify completes it).
 */
export async function login(deps: AppDeps, input: LoginRequest, meta: ClientMeta): Promise<LoginOutcome> {
  const email = input.email.trim().toLowerCase();
  const { rate_limits } = await withPlatform(deps.pool, getSystemConfig);
  const limitKey = `login:${email}:${meta.ip ?? 'unknown'}`;
  const decision = await deps.rateLimiter.hit(limitKey, rate_limits.loginAttemptsPerHour, LOGIN_WINDOW_SECONDS);
  if (!decision.allowed)
    throw tooManyRequests('Too many login attempts. Please try again later.', decision.retryAfterSeconds, 'too_many_attempts');

  // Sign-in precedes knowing the tenant: the lookup by email is a platform-path read.
  const user = await withPlatform(deps.pool, (db) => findUserByEmail(db, email));
  const passwordOk = await verifyPassword(user?.password_hash ?? (await dummyPasswordHash()), input.password);
  if (!user || !user.password_hash || !passwordOk) {
    if (user) {
      await withTenant(deps.pool, user.org_id, (db) =>
        insertAuditEntry(db, { orgId: user.org_id, actorId: user.id, action: 'auth.login_failed', ip: meta.ip }),
      );
    }
    throw invalidCredentials();
  }
  await deps.rateLimiter.reset(limitKey, LOGIN_WINDOW_SECONDS);
  return withTenant(deps.pool, user.org_id, async (db): Promise<LoginOutcome> => {
    if (user.two_factor_enabled) return { kind: 'challenge', challenge: await openTwoFactorChallenge(db, user, meta.ip) };
    await insertAuditEntry(db, { orgId: user.org_id, actorId: user.id, action: 'auth.login', ip: meta.ip });
    return { kind: 'session', issued: await startSession(db, deps, user, meta) };
  });
}

type RefreshOutcome =
  | { kind: 'ok'; issued: IssuedSession }
  | { kind: 'refused'; revoked?: string }
  | { kind: 'idle'; revoked: string };

/** Minutes without reported activity after which a session ends: the user's preference, else the security config. */
async function inactivityLimitMinutes(db: Queryable, userId: string): Promise<number> {
  const preferences = await findPreferences(db, userId);
  return preferences?.session_timeout_minutes ?? (await getSystemConfig(db)).security.sessionTimeoutMinutes;
}

async function rotate(db: Queryable, deps: AppDeps, token: string): Promise<RefreshOutcome> {
  const found = await findRefreshTokenForUpdate(db, sha256Hex(token));
  if (!found) return { kind: 'refused' };
  const now = Date.now();
  if (found.rotated_at) {
    if (now - found.rotated_at.getTime() > REFRESH_REUSE_GRACE_MS) {
      // A rotated token came back: someone holds a copy. End the whole family (SECURITY.md item 6).
      await revokeSession(db, found.session_id, 'refresh_token_reuse');
      await insertAuditEntry(db, { orgId: found.org_id, actorId: found.user_id, action: 'auth.refresh_reuse', targetId: found.session_id });
      return { kind: 'refused', revoked: found.session_id };
    }
    return { kind: 'refused' };
  }
  if (found.session_revoked_at || found.session_expires_at.getTime() <= now || found.expires_at.getTime() <= now)
    return { kind: 'refused' };
  // Refreshing is automatic, not activity: last_seen_at moves only on sign-in and on POST /auth/activity.
  if (now - found.session_last_seen_at.getTime() > (await inactivityLimitMinutes(db, found.user_id)) * 60_000) {
    await revokeSession(db, found.session_id, 'inactivity');
    await insertAuditEntry(db, { orgId: found.org_id, actorId: found.user_id, action: 'auth.session_idle', targetId: found.session_id });
    return { kind: 'idle', revoked: found.session_id };
  }
  const user = await findUser(db, found.user_id);
  if (!user) return { kind: 'refused' };
  await markRefreshTokenRotated(db, found.id);
  const next = newOpaqueToken(REFRESH_TOKEN_PREFIX);
  await insertRefreshToken(db, { orgId: found.org_id, sessionId: found.session_id, tokenHash: next.hash, expiresAt: found.session_expires_at });
  const response = await sessionResponse(db, deps, user, found.session_id);
  return { kind: 'ok', issued: { response, refreshToken: next.token, refreshExpiresAt: found.session_expires_at } };
}

/** Trades a refresh token for a new one and a fresh access token. The refusal commits (a reuse revocation must stick). */
export async function refresh(deps: AppDeps, token: string): Promise<IssuedSession> {
  // The token names its tenant only once looked up: a platform-path transaction, confined to this one row.
  const outcome = await withPlatform(deps.pool, (db) => rotate(db, deps, token));
  if (outcome.kind === 'ok') return outcome.issued;
  if (outcome.revoked) await announceRevokedSessions(deps, [outcome.revoked]);
  throw outcome.kind === 'idle' ? sessionIdle() : sessionEnded();
}

/** Ends the session behind a refresh token; unknown tokens are ignored so logout always succeeds. */
export async function logout(deps: AppDeps, token: string): Promise<void> {
  const sessionId = await withPlatform(deps.pool, async (db) => {
    const found = await findRefreshTokenForUpdate(db, sha256Hex(token));
    if (!found) return null;
    await revokeSession(db, found.session_id, 'logout');
    await insertAuditEntry(db, { orgId: found.org_id, actorId: found.user_id, action: 'auth.logout', targetId: found.session_id });
    return found.session_id;
  });
  if (sessionId) await announceRevokedSessions(deps, [sessionId]);
}

export async function logoutSession(deps: AppDeps, orgId: string, userId: string, sessionId: string): Promise<void> {
  await withTenant(deps.pool, orgId, async (db) => {
    await revokeSession(db, sessionId, 'logout');
    await insertAuditEntry(db, { orgId, actorId: userId, action: 'auth.logout', targetId: sessionId });
  });
  await announceRevokedSessions(deps, [sessionId]);
}

/** The client reports that its user is active (at most about once a minute): the inactivity timeout restarts. */
export async function recordActivity(deps: AppDeps, orgId: string, sessionId: string): Promise<void> {
  await withTenant(deps.pool, orgId, (db) => touchSession(db, sessionId));
}
