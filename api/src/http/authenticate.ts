import { findLiveSessionUser, withTenant } from '@taktwerk/db';
import type { Request } from 'express';
import type { AppDeps } from '../context';
import { unauthorized } from './errors';
import type { Principal } from './principal';

/** The bearer token of a request, from the Authorization header only (never from the URL). */
export function bearerToken(req: Request): string | null {
  const header = req.get('authorization');
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1] ?? null;
}

/**
 * Verifies the access token and confirms its session is still live, reading role and permissions fresh from the
 * database so that logout, revocation and permission changes take effect at once.
 */
export async function authenticate(req: Request, deps: AppDeps): Promise<Principal> {
  const token = bearerToken(req);
  if (!token) throw unauthorized();
  const claims = await deps.tokens.verify(token);
  if (!claims) throw unauthorized('Your session has expired. Please sign in again.', 'session_expired');
  const user = await withTenant(deps.pool, claims.orgId, (db) => findLiveSessionUser(db, claims.sessionId, claims.userId));
  if (!user) throw unauthorized('Your session has ended. Please sign in again.', 'session_expired');
  return { userId: claims.userId, orgId: user.org_id, role: user.role, permissions: user.permissions, sessionId: claims.sessionId };
}
