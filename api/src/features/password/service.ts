import {
  PASSWORD_RESET_VALIDITY_MS,
  newPasswordIssue,
  selfServicePolicy,
  type Language,
} from '@taktwerk/common';
import {
  consumeAuthToken,
  findPreferences,
  findUser,
  findUserByEmail,
  hashPassword,
  insertAuditEntry,
  insertAuthToken,
  revokeUserSessions,
  updatePasswordHash,
  voidUserAuthTokens,
  withPlatform,
  withTenant,
} from '@taktwerk/db';
import type { AppDeps } from '../../context';
import { AppError, unauthorized } from '../../http/errors';
import { newOpaqueToken, sha256Hex } from '../../http/tokens';
import { appLink, mailerFor } from '../../mail/mailer';
import { passwordResetMail } from '../../mail/templates';
import type { Principal } from '../../http/principal';
import { announceRevokedSessions, restartSessions, type ClientMeta, type IssuedSession } from '../auth/sessions';
import { accountIssueError, passwordPolicy } from './policy';

const RESET_TOKEN_PREFIX = 'twp_';

const invalidResetLink = () =>
  new AppError(400, 'invalid_reset_token', 'This password reset link is invalid, expired or already used. Please request a new one.');

/**
 * Mails a one-hour, single-use reset link if the address has an account. Runs after the response went out, so
 * known and unknown addresses are answered alike in status, body and time (SECURITY.md item 3).
 */
export async function sendPasswordResetMail(deps: AppDeps, email: string, requestedLanguage: Language | undefined): Promise<void> {
  const user = await withPlatform(deps.pool, (db) => findUserByEmail(db, email));
  if (!user) return;
  const { token, hash } = newOpaqueToken(RESET_TOKEN_PREFIX);
  const preferences = await withTenant(deps.pool, user.org_id, async (db) => {
    const expiresAt = new Date(Date.now() + PASSWORD_RESET_VALIDITY_MS);
    await insertAuthToken(db, { orgId: user.org_id, userId: user.id, purpose: 'password_reset', tokenHash: hash, expiresAt });
    await insertAuditEntry(db, { orgId: user.org_id, actorId: user.id, action: 'auth.password_reset_requested' });
    return findPreferences(db, user.id);
  });
  const language = preferences?.language ?? requestedLanguage ?? 'en';
  const link = appLink(deps.env, `reset-password?token=${encodeURIComponent(token)}`);
  await mailerFor(deps).send(passwordResetMail(language, user.email, user.name, link));
}

/** Sets a new password from a reset link; the link is used up and every session of the account ends. */
export async function resetPassword(deps: AppDeps, input: { token: string; password: string; confirmPassword: string }): Promise<void> {
  const policy = selfServicePolicy(await withPlatform(deps.pool, passwordPolicy));
  // Rules first: a typo in the new password must not burn the link.
  const issue = newPasswordIssue(input.password, input.confirmPassword, policy);
  if (issue) throw accountIssueError(issue, 'self-service');
  const passwordHash = await hashPassword(input.password);
  // The link names its account only once looked up: a platform-path transaction, confined to that one user.
  const revoked = await withPlatform(deps.pool, async (db) => {
    const owner = await consumeAuthToken(db, 'password_reset', sha256Hex(input.token));
    if (!owner) throw invalidResetLink();
    await updatePasswordHash(db, owner.user_id, passwordHash);
    await voidUserAuthTokens(db, owner.user_id, 'password_reset');
    await insertAuditEntry(db, { orgId: owner.org_id, actorId: owner.user_id, action: 'auth.password_reset' });
    return revokeUserSessions(db, owner.user_id, 'password_reset');
  });
  await announceRevokedSessions(deps, revoked);
}

/** Settings → Security: a new password for the signed-in user; all sessions end and this client gets a new one. */
export async function changePassword(
  deps: AppDeps,
  principal: Principal,
  input: { password: string; confirmPassword: string },
  meta: ClientMeta,
): Promise<IssuedSession> {
  const policy = selfServicePolicy(await withTenant(deps.pool, principal.orgId, passwordPolicy));
  const issue = newPasswordIssue(input.password, input.confirmPassword, policy);
  if (issue) throw accountIssueError(issue, 'self-service');
  const passwordHash = await hashPassword(input.password);
  const { issued, revoked } = await withTenant(deps.pool, principal.orgId, async (db) => {
    const user = await findUser(db, principal.userId);
    if (!user) throw unauthorized('Your session has ended. Please sign in again.', 'session_expired');
    await updatePasswordHash(db, user.id, passwordHash);
    await voidUserAuthTokens(db, user.id, 'password_reset');
    await insertAuditEntry(db, { orgId: user.org_id, actorId: user.id, action: 'auth.password_changed', ip: meta.ip });
    return restartSessions(db, deps, user, meta, 'password_changed');
  });
  await announceRevokedSessions(deps, revoked);
  return issued;
}
