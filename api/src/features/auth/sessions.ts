import {
  findOrganization,
  getSystemConfig,
  insertRefreshToken,
  insertSession,
  recordLogin,
  type Queryable,
  type UserRow,
} from '@taktwerk/db';
import type { SessionResponse } from '@taktwerk/common';
import type { AppDeps } from '../../context';
import { AppError } from '../../http/errors';
import { newOpaqueToken } from '../../http/tokens';
import { presentOrganization, presentUser } from './presenter';

export const REFRESH_TOKEN_PREFIX = 'twr_';

export interface ClientMeta {
  ip: string | null;
  userAgent: string | null;
}

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

/** Starts a session (one refresh-token family) for a user whose credentials were verified. */
export async function startSession(db: Queryable, deps: AppDeps, user: UserRow, meta: ClientMeta): Promise<IssuedSession> {
  const { security } = await getSystemConfig(db);
  const expiresAt = new Date(Date.now() + security.jwtExpirationHours * 3600 * 1000);
  const session = await insertSession(db, { orgId: user.org_id, userId: user.id, expiresAt, ...meta });
  const now = new Date();
  await recordLogin(db, user.id, now);
  const response = await sessionResponse(db, deps, { ...user, last_login: now }, session.id);
  const refresh = newOpaqueToken(REFRESH_TOKEN_PREFIX);
  await insertRefreshToken(db, { orgId: user.org_id, sessionId: session.id, tokenHash: refresh.hash, expiresAt });
  return { response, refreshToken: refresh.token, refreshExpiresAt: expiresAt };
}
