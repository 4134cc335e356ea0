import type { Role } from '@taktwerk/common';
import type { Queryable } from '../pool';

export interface UserRow {
  id: string;
  org_id: string;
  name: string;
  email: string;
  role: Role;
  permissions: string[];
  password_hash: string | null;
  two_factor_enabled: boolean;
  totp_secret: string | null;
  totp_verified_at: Date | null;
  totp_last_step: number | null;
  email_confirmed: boolean;
  last_login: Date | null;
  created_at: Date;
  updated_at: Date;
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>('SELECT * FROM users WHERE lower(email) = lower($1)', [email]);
  return rows[0] ?? null;
}

export async function findUser(db: Queryable, id: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>('SELECT * FROM users WHERE id = $1', [id]);
  return rows[0] ?? null;
}

export interface NewUser {
  orgId: string;
  name: string;
  email: string;
  role: Role;
  permissions: string[];
  passwordHash: string;
}

export async function insertUser(db: Queryable, user: NewUser): Promise<UserRow> {
  const { rows } = await db.query<UserRow>(
    `INSERT INTO users (org_id, name, email, role, permissions, password_hash)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
    [user.orgId, user.name, user.email, user.role, user.permissions, user.passwordHash],
  );
  return rows[0]!;
}

export async function recordLogin(db: Queryable, userId: string, at: Date): Promise<void> {
  await db.query('UPDATE users SET last_login = $2 WHERE id = $1', [userId, at]);
}

export async function updatePasswordHash(db: Queryable, userId: string, passwordHash: string): Promise<void> {
  await db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [userId, passwordHash]);
}

export async function countActiveUsers(db: Queryable, orgId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE org_id = $1', [orgId]);
  return rows[0]!.n;
}

export async function updateUserName(db: Queryable, userId: string, name: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>('UPDATE users SET name = $2 WHERE id = $1 RETURNING *', [userId, name]);
  return rows[0] ?? null;
}

/** Stores a new, not yet confirmed TOTP secret (encrypted); refused while two-factor is on. */
export async function storePendingTotpSecret(db: Queryable, userId: string, encryptedSecret: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE users SET totp_secret = $2, totp_verified_at = NULL, totp_last_step = NULL
      WHERE id = $1 AND NOT two_factor_enabled`,
    [userId, encryptedSecret],
  );
  return rowCount === 1;
}

/**
 * Records a TOTP step as used, only if it is later than the last accepted one: of two requests carrying the
 * same code exactly one gets true (the row lock makes the second re-check the condition).
 */
export async function acceptTotpStep(db: Queryable, userId: string, step: number): Promise<boolean> {
  const { rowCount } = await db.query(
    'UPDATE users SET totp_last_step = $2 WHERE id = $1 AND (totp_last_step IS NULL OR totp_last_step < $2)',
    [userId, step],
  );
  return rowCount === 1;
}

/** Turns two-factor on for the pending secret, consuming the verifying code's step in the same statement. */
export async function enableTwoFactor(db: Queryable, userId: string, step: number): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(
    `UPDATE users SET two_factor_enabled = true, totp_verified_at = now(), totp_last_step = $2
      WHERE id = $1 AND NOT two_factor_enabled AND totp_secret IS NOT NULL
        AND (totp_last_step IS NULL OR totp_last_step < $2)
      RETURNING *`,
    [userId, step],
  );
  return rows[0] ?? null;
}

/** Turns two-factor off and forgets the secret and its verification time (spec part 2 §4). */
export async function disableTwoFactor(db: Queryable, userId: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(
    `UPDATE users SET two_factor_enabled = false, totp_secret = NULL, totp_verified_at = NULL, totp_last_step = NULL
      WHERE id = $1 RETURNING *`,
    [userId],
  );
  return rows[0] ?? null;
}
