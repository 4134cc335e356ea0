import { DEFAULT_USAGE_LIMITS, OWNER_PERMISSIONS, signupIssue, type SignupRequest } from '@taktwerk/common';
import {
  findUserByEmail,
  getSystemConfig,
  hashPassword,
  insertAuditEntry,
  insertDefaultPreferences,
  insertOrganization,
  insertStarterPlanIfMissing,
  insertUser,
  withPlatform,
} from '@taktwerk/db';
import type { AppDeps } from '../../context';
import { AppError } from '../../http/errors';
import { appLink, mailerFor } from '../../mail/mailer';
import { accountExistsMail } from '../../mail/templates';
import { accountIssueError, passwordPolicy } from '../password/policy';

const registrationDisabled = () => new AppError(403, 'registration_disabled', 'User registration is currently disabled.');

export type SignupOutcome = { kind: 'created' } | { kind: 'exists'; name: string; email: string };

const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';

/**
 * A new organization (trialing on plan starter with the default limits) and its owner with the owner permissions,
 * in one transaction. An address that already has an account changes nothing; the caller answers alike and mails
 * the owner of the address instead (no enumeration).
 */
export async function registerOrganization(deps: AppDeps, input: SignupRequest, ip: string | null): Promise<SignupOutcome> {
  const { features, policy } = await withPlatform(deps.pool, async (db) => ({
    features: (await getSystemConfig(db)).features,
    policy: await passwordPolicy(db),
  }));
  if (!features.registrationEnabled) throw registrationDisabled();
  const issue = signupIssue(input, policy);
  if (issue) throw accountIssueError(issue, 'signup');

  const email = input.email.trim().toLowerCase();
  // Hashed before the lookup, so an existing address costs the same time as a new one.
  const passwordHash = await hashPassword(input.password);
  try {
    return await withPlatform(deps.pool, async (db): Promise<SignupOutcome> => {
      const existing = await findUserByEmail(db, email);
      if (existing) return { kind: 'exists', name: existing.name, email: existing.email };
      const { security } = await getSystemConfig(db);
      await insertStarterPlanIfMissing(db);
      const org = await insertOrganization(db, {
        name: input.organizationName.trim(),
        planId: 'starter',
        billingStatus: 'trialing',
        trialEndsAt: new Date(Date.now() + features.trialDays * 86_400_000),
        usageLimits: DEFAULT_USAGE_LIMITS,
      });
      const user = await insertUser(db, {
        orgId: org.id,
        name: input.name.trim(),
        email,
        role: 'customer_owner',
        permissions: OWNER_PERMISSIONS,
        passwordHash,
      });
      await insertDefaultPreferences(db, {
        userId: user.id,
        orgId: org.id,
        sessionTimeoutMinutes: security.sessionTimeoutMinutes,
        language: input.language,
      });
      await insertAuditEntry(db, { orgId: org.id, actorId: user.id, action: 'auth.signup', ip });
      return { kind: 'created' };
    });
  } catch (error) {
    // Two sign-ups with one address at the same moment: the loser is an "existing address" like any other.
    if (isUniqueViolation(error)) return { kind: 'exists', name: input.name.trim(), email };
    throw error;
  }
}

/** Tells the owner of an address that someone tried to sign up with it, pointing to the password reset. */
export async function sendAccountExistsMail(deps: AppDeps, outcome: { name: string; email: string }, input: SignupRequest) {
  const mail = accountExistsMail(input.language ?? 'en', outcome.email, outcome.name, appLink(deps.env, 'home?auth=forgot'));
  await mailerFor(deps).send(mail);
}
