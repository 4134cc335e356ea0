import { TWO_FACTOR_CHALLENGE_VALIDITY_MS, type TwoFactorChallenge } from '@taktwerk/common';
import { consumeAuthToken, insertAuditEntry, insertAuthToken, withPlatform, type Pool, type Queryable, type UserRow } from '@taktwerk/db';
import { newOpaqueToken, sha256Hex } from '../../http/tokens';

const CHALLENGE_PREFIX = 'twc_';

/** After a correct password of a two-factor user: a short-lived, single-use proof of that step (stored hashed). */
export async function openTwoFactorChallenge(db: Queryable, user: UserRow, ip: string | null): Promise<TwoFactorChallenge> {
  const { token, hash } = newOpaqueToken(CHALLENGE_PREFIX);
  const expiresAt = new Date(Date.now() + TWO_FACTOR_CHALLENGE_VALIDITY_MS);
  await insertAuthToken(db, { orgId: user.org_id, userId: user.id, purpose: 'two_factor_challenge', tokenHash: hash, expiresAt });
  await insertAuditEntry(db, { orgId: user.org_id, actorId: user.id, action: 'auth.two_factor_challenge', ip });
  return { twoFactorRequired: true, challengeToken: token };
}

/**
 * Uses up a challenge whatever the code turns out to be: a wrong code ends the attempt and the person starts again
 * with the password (spec part 1 §4). Committed on its own, so the outcome of the code check cannot undo it.
 * The token names its tenant only once looked up: a platform-path transaction confined to this one row.
 */
export function consumeTwoFactorChallenge(pool: Pool, token: string): Promise<{ user_id: string; org_id: string } | null> {
  return withPlatform(pool, (db) => consumeAuthToken(db, 'two_factor_challenge', sha256Hex(token)));
}
