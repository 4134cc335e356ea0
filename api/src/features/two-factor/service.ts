import { normalizeTotpCode, type TwoFactorSetupResponse, type TwoFactorVerifyRequest } from '@taktwerk/common';
import {
  acceptTotpStep,
  disableTwoFactor,
  enableTwoFactor,
  findUser,
  getSystemConfig,
  insertAuditEntry,
  storePendingTotpSecret,
  withPlatform,
  withTenant,
  type UserRow,
} from '@taktwerk/db';
import QRCode from 'qrcode';
import type { AppDeps } from '../../context';
import { AppError, conflict, tooManyRequests, unauthorized } from '../../http/errors';
import type { Principal } from '../../http/principal';
import { LOGIN_WINDOW_SECONDS } from '../auth/schema';
import { announceRevokedSessions, restartSessions, startSession, type ClientMeta, type IssuedSession } from '../auth/sessions';
import { consumeTwoFactorChallenge } from './challenge';
import { openTotpSecret, sealTotpSecret } from './secret-box';
import { matchTotpStep, newTotpSecret, totpUri } from './totp';

// The sign-in messages of the spec's error catalogue (part 1 §8); the settings screen has its own (part 2 §5).
const noPendingChallenge = () => unauthorized('No pending 2FA challenge', 'no_pending_challenge');
const notConfigured = () => new AppError(409, 'two_factor_not_configured', '2FA not properly configured');
const invalidLoginCode = () => unauthorized('Invalid 2FA code', 'invalid_two_factor_code');
const invalidSettingsCode = () => new AppError(400, 'invalid_two_factor_code', 'The entered code is invalid.');
const sessionGone = () => unauthorized('Your session has ended. Please sign in again.', 'session_expired');

/** The decrypted secret of a user, or null when none is stored or it cannot be opened with this key. */
function secretOf(deps: AppDeps, user: UserRow): string | null {
  return user.totp_secret ? openTotpSecret(deps.env, user.id, user.totp_secret) : null;
}

/** Second step of sign-in: the challenge from the password step plus a current code give a session. */
export async function verifyTwoFactorLogin(deps: AppDeps, input: TwoFactorVerifyRequest, meta: ClientMeta): Promise<IssuedSession> {
  const owner = await consumeTwoFactorChallenge(deps.pool, input.challengeToken);
  if (!owner) throw noPendingChallenge();
  // Per account, never reset by a correct password: knowing the password does not buy more code guesses.
  const { rate_limits } = await withPlatform(deps.pool, getSystemConfig);
  const decision = await deps.rateLimiter.hit(`2fa:${owner.user_id}`, rate_limits.loginAttemptsPerHour, LOGIN_WINDOW_SECONDS);
  if (!decision.allowed)
    throw tooManyRequests('Too many login attempts. Please try again later.', decision.retryAfterSeconds, 'too_many_attempts');

  return withTenant(deps.pool, owner.org_id, async (db) => {
    const user = await findUser(db, owner.user_id);
    if (!user) throw noPendingChallenge();
    const secret = secretOf(deps, user);
    if (!user.two_factor_enabled || !secret) throw notConfigured();
    const step = await matchTotpStep(secret, normalizeTotpCode(input.code), user.totp_last_step);
    if (step === null || !(await acceptTotpStep(db, user.id, step))) throw invalidLoginCode();
    await insertAuditEntry(db, { orgId: user.org_id, actorId: user.id, action: 'auth.login', ip: meta.ip, details: { twoFactor: true } });
    return startSession(db, deps, user, meta);
  });
}

/** Settings → Security: a new secret and its QR code. Two-factor stays off until a code from it is confirmed. */
export async function beginTwoFactorSetup(deps: AppDeps, principal: Principal): Promise<TwoFactorSetupResponse> {
  const secret = newTotpSecret();
  const user = await withTenant(deps.pool, principal.orgId, async (db) => {
    const found = await findUser(db, principal.userId);
    if (!found) throw sessionGone();
    if (!(await storePendingTotpSecret(db, found.id, sealTotpSecret(deps.env, found.id, secret))))
      throw conflict('Two-factor authentication is already enabled.', 'two_factor_already_enabled');
    return found;
  });
  const otpauthUrl = totpUri(secret, user.email);
  const qrCode = await QRCode.toDataURL(otpauthUrl, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
  return { secret, otpauthUrl, qrCode };
}

/** Turns two-factor on after a code from the pending secret; every session ends, this client gets a new one. */
export async function confirmTwoFactor(deps: AppDeps, principal: Principal, code: string, meta: ClientMeta): Promise<IssuedSession> {
  const { issued, revoked } = await withTenant(deps.pool, principal.orgId, async (db) => {
    const user = await findUser(db, principal.userId);
    if (!user) throw sessionGone();
    if (user.two_factor_enabled) throw conflict('Two-factor authentication is already enabled.', 'two_factor_already_enabled');
    const secret = secretOf(deps, user);
    if (!secret) throw conflict('Start the two-factor setup first.', 'two_factor_setup_missing');
    const step = await matchTotpStep(secret, normalizeTotpCode(code), user.totp_last_step);
    const enabled = step === null ? null : await enableTwoFactor(db, user.id, step);
    if (!enabled) throw invalidSettingsCode();
    await insertAuditEntry(db, { orgId: user.org_id, actorId: user.id, action: 'auth.two_factor_enabled', ip: meta.ip });
    return restartSessions(db, deps, enabled, meta, 'two_factor_enabled');
  });
  await announceRevokedSessions(deps, revoked);
  return issued;
}

/** Turns two-factor off (the web confirms first), forgetting secret and verification time; sessions restart. */
export async function turnOffTwoFactor(deps: AppDeps, principal: Principal, meta: ClientMeta): Promise<IssuedSession> {
  const { issued, revoked } = await withTenant(deps.pool, principal.orgId, async (db) => {
    const user = await findUser(db, principal.userId);
    if (!user) throw sessionGone();
    if (!user.two_factor_enabled) throw conflict('Two-factor authentication is not enabled.', 'two_factor_not_enabled');
    const disabled = (await disableTwoFactor(db, user.id))!;
    await insertAuditEntry(db, { orgId: user.org_id, actorId: user.id, action: 'auth.two_factor_disabled', ip: meta.ip });
    return restartSessions(db, deps, disabled, meta, 'two_factor_disabled');
  });
  await announceRevokedSessions(deps, revoked);
  return issued;
}
