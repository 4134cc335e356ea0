import {
  findOrganization,
  getSystemConfig,
  insertRefreshToken,
  insertSession,
  recordLogin,
  revokeUserSessions,
  type Queryable,
  type UserRow,
} from '@taktwerk/db';
import { SESSIONS_REVOKED_CHANNEL, type SessionResponse } from '@taktwerk/common';
import type { Request } from 'express';
import type { AppDeps } from '../../context';
import { AppError } from '../../http/errors';
import { newOpaqueToken } from '../../http/tokens';
import { presentOrganization, presentUser } from './presenter';

export const REFRESH_TOKEN_PREFIX = 'twr_';

export interface ClientMeta {
  ip: string | null;
  userAgent: string | null;
}

export const clientMeta = (req: Request): ClientMeta => ({ ip: req.ip ?? null, userAgent: req.get('user-agent')?.slice(0, 300) ?? null });

export interface IssuedSession {
  response: SessionResponse;
  refreshToken: string;
  refreshExpiresAt: Date;
}

export const organizationMissing = () =>
  new AppError(403, 'organization_not_found', 'Organization not found for your profile. Please contact support.');

/** Access token for an existing session plus the user's profile, as login and refresh answer. */
export async function sessionResponse(db: Queryable, deps: AppDeps, user: UserRow, sessionId: string): Promise<SessionResponse> {
  const org = await findOrganization(db, user.org_id);
  if (!org) throw organizationMissing();
  const accessToken = await deps.tokens.sign({ userId: user.id, orgId: user.org_id, role: user.role, sessionId });
  return { accessToken, expiresIn: deps.tokens.ttlSeconds, user: presentUser(user), organization: presentOrganization(org) };
}

/**
 * Starts a session (one refresh-token family) for a user whose credentials were verified. A sign-in records the
 * session's start as the last login (spec part 2 §3); a session re-issued after a password or 2FA change does not.
 */
export async function startSession(
  db: Queryable,
  deps: AppDeps,
  user: UserRow,
  meta: ClientMeta,
  { countsAsLogin = true }: { countsAsLogin?: boolean } = {},
): Promise<IssuedSession> {
  const { security } = await getSystemConfig(db);
  const expiresAt = new Date(Date.now() + security.jwtExpirationHours * 3600 * 1000);
  const session = await insertSession(db, { orgId: user.org_id, userId: user.id, expiresAt, ...meta });
  const lastLogin = countsAsLogin ? session.created_at : user.last_login;
  if (countsAsLogin) await recordLogin(db, user.id, session.created_at);
  const response = await sessionResponse(db, deps, { ...user, last_login: lastLogin }, session.id);
  const refresh = newOpaqueToken(REFRESH_TOKEN_PREFIX);
  await insertRefreshToken(db, { orgId: user.org_id, sessionId: session.id, tokenHash: refresh.hash, expiresAt });
  return { response, refreshToken: refresh.token, refreshExpiresAt: expiresAt };
}

/**
 * After a password or two-factor change: every session of the user ends (SECURITY.md item 6) and the client that
 * made the change continues in a fresh one. Announce the returned ids after the transaction commits.
 */
export async function restartSessions(
  db: Queryable,
  deps: AppDeps,
  user: UserRow,
  meta: ClientMeta,
  reason: string,
): Promise<{ issued: IssuedSession; revoked: string[] }> {
  const revoked = await revokeUserSessions(db, user.id, reason);
  const issued = await startSession(db, deps, user, meta, { countsAsLogin: false });
  return { issued, revoked };
}

/** Tells every api replica that these sessions ended, so their live sockets close. Redis down: logged, not fatal. */
export async function announceRevokedSessions(deps: AppDeps, sessionIds: string[]): Promise<void> {
  if (sessionIds.length === 0) return;
  try {
    await deps.redis.publish(SESSIONS_REVOKED_CHANNEL, JSON.stringify({ sessionIds }));
  } catch (error) {
    deps.logger.warn({ err: error, sessionIds }, 'could not announce revoked sessions: Redis unavailable');
  }
}
