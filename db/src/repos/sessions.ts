import type { Queryable } from '../pool';

export interface SessionRow {
  id: string;
  org_id: string;
  user_id: string;
  created_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
}

export async function insertSession(
  db: Queryable,
  s: { orgId: string; userId: string; expiresAt: Date; ip: string | null; userAgent: string | null },
): Promise<SessionRow> {
  const { rows } = await db.query<SessionRow>(
    `INSERT INTO user_sessions (org_id, user_id, expires_at, ip, user_agent) VALUES ($1, $2, $3, $4, $5)
     RETURNING id, org_id, user_id, created_at, expires_at, revoked_at`,
    [s.orgId, s.userId, s.expiresAt, s.ip, s.userAgent],
  );
  return rows[0]!;
}

export async function findSession(db: Queryable, id: string): Promise<SessionRow | null> {
  const { rows } = await db.query<SessionRow>(
    'SELECT id, org_id, user_id, created_at, expires_at, revoked_at FROM user_sessions WHERE id = $1',
    [id],
  );
  return rows[0] ?? null;
}

export async function insertRefreshToken(
  db: Queryable,
  t: { orgId: string; sessionId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.query('INSERT INTO refresh_tokens (org_id, session_id, token_hash, expires_at) VALUES ($1, $2, $3, $4)', [
    t.orgId,
    t.sessionId,
    t.tokenHash,
    t.expiresAt,
  ]);
}

export interface RefreshTokenLookup {
  id: string;
  session_id: string;
  org_id: string;
  user_id: string;
  expires_at: Date;
  rotated_at: Date | null;
  session_revoked_at: Date | null;
  session_expires_at: Date;
  /** Last user activity the client reported (or the sign-in): the inactivity timeout counts from here. */
  session_last_seen_at: Date;
}

/** Locks the token row so two concurrent refreshes of one token cannot both rotate it. */
export async function findRefreshTokenForUpdate(db: Queryable, tokenHash: string): Promise<RefreshTokenLookup | null> {
  const { rows } = await db.query<RefreshTokenLookup>(
    `SELECT t.id, t.session_id, t.org_id, s.user_id, t.expires_at, t.rotated_at,
            s.revoked_at AS session_revoked_at, s.expires_at AS session_expires_at, s.last_seen_at AS session_last_seen_at
       FROM refresh_tokens t JOIN user_sessions s ON s.id = t.session_id
      WHERE t.token_hash = $1
      FOR UPDATE OF t`,
    [tokenHash],
  );
  return rows[0] ?? null;
}

export async function markRefreshTokenRotated(db: Queryable, id: string): Promise<void> {
  await db.query('UPDATE refresh_tokens SET rotated_at = now() WHERE id = $1 AND rotated_at IS NULL', [id]);
}

export async function touchSession(db: Queryable, sessionId: string): Promise<void> {
  await db.query('UPDATE user_sessions SET last_seen_at = now() WHERE id = $1', [sessionId]);
}

export async function revokeSession(db: Queryable, sessionId: string, reason: string): Promise<void> {
  await db.query(
    'UPDATE user_sessions SET revoked_at = now(), revoke_reason = $2 WHERE id = $1 AND revoked_at IS NULL',
    [sessionId, reason],
  );
}

/** Ends every session of a user; returns the ids that were still active (their sockets must close too). */
export async function revokeUserSessions(db: Queryable, userId: string, reason: string): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `UPDATE user_sessions SET revoked_at = now(), revoke_reason = $2
      WHERE user_id = $1 AND revoked_at IS NULL RETURNING id`,
    [userId, reason],
  );
  return rows.map((r) => r.id);
}

export async function latestSessionStart(db: Queryable, userId: string): Promise<Date | null> {
  const { rows } = await db.query<{ created_at: Date }>(
    'SELECT created_at FROM user_sessions WHERE user_id = $1 ORDER BY created_at DESC LIMIT 1',
    [userId],
  );
  return rows[0]?.created_at ?? null;
}

export interface LiveSessionUser {
  org_id: string;
  role: 'admin' | 'customer_owner' | 'customer_user';
  permissions: string[];
}

/** The user behind a session that is neither revoked nor expired. */
export async function findLiveSessionUser(db: Queryable, sessionId: string, userId: string): Promise<LiveSessionUser | null> {
  const { rows } = await db.query<LiveSessionUser>(
    `SELECT u.org_id, u.role, u.permissions
       FROM user_sessions s JOIN users u ON u.id = s.user_id
      WHERE s.id = $1 AND s.user_id = $2 AND s.revoked_at IS NULL AND s.expires_at > now()`,
    [sessionId, userId],
  );
  return rows[0] ?? null;
}
