import type { Queryable } from '../pool';

export type AuthTokenPurpose = 'password_reset' | 'two_factor_challenge';

export async function insertAuthToken(
  db: Queryable,
  t: { orgId: string; userId: string; purpose: AuthTokenPurpose; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.query('INSERT INTO auth_tokens (org_id, user_id, purpose, token_hash, expires_at) VALUES ($1, $2, $3, $4, $5)', [
    t.orgId,
    t.userId,
    t.purpose,
    t.tokenHash,
    t.expiresAt,
  ]);
}

/**
 * Marks an unused, unexpired token as used and names its owner; null when it is unknown, used or expired.
 * One conditional UPDATE, so of two concurrent uses exactly one wins.
 */
export async function consumeAuthToken(
  db: Queryable,
  purpose: AuthTokenPurpose,
  tokenHash: string,
): Promise<{ user_id: string; org_id: string } | null> {
  const { rows } = await db.query<{ user_id: string; org_id: string }>(
    `UPDATE auth_tokens SET used_at = now()
      WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()
      RETURNING user_id, org_id`,
    [tokenHash, purpose],
  );
  return rows[0] ?? null;
}

/** Voids a user's outstanding tokens of one purpose (e.g. older reset links once the password changed). */
export async function voidUserAuthTokens(db: Queryable, userId: string, purpose: AuthTokenPurpose): Promise<void> {
  await db.query('UPDATE auth_tokens SET used_at = now() WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL', [userId, purpose]);
}
