import {
  changePasswordRequestSchema,
  forgotPasswordRequestSchema,
  forgotPasswordResponseSchema,
  resetPasswordRequestSchema,
  sessionResponseSchema,
} from '@taktwerk/common';
import { getSystemConfig, withPlatform } from '@taktwerk/db';
import { tooManyRequests } from '../../http/errors';
import { PUBLIC, signedIn, type ApiRouter } from '../../http/route';
import { deliverSession } from '../auth/session-cookie';
import { clientMeta } from '../auth/sessions';
import { changePassword, resetPassword, sendPasswordResetMail } from './service';

const RESET_WINDOW_SECONDS = 3600;

export function registerPasswordRoutes(api: ApiRouter): void {
  api.add({
    method: 'post',
    path: '/auth/password/forgot',
    summary: 'Mail a one-hour password reset link; answers alike for known and unknown addresses',
    tag: 'auth',
    auth: PUBLIC,
    body: forgotPasswordRequestSchema,
    responses: { 202: forgotPasswordResponseSchema },
    async handler({ body, req, res, deps }) {
      const email = body.email.toLowerCase();
      const { rate_limits } = await withPlatform(deps.pool, getSystemConfig);
      const decision = await deps.rateLimiter.hit(`reset:${email}:${req.ip ?? 'unknown'}`, rate_limits.loginAttemptsPerHour, RESET_WINDOW_SECONDS);
      if (!decision.allowed) throw tooManyRequests('Too many attempts. Please try again later.', decision.retryAfterSeconds, 'too_many_attempts');
      // The lookup and the mail happen once the answer is on its way: nothing about the address can shape it.
      res.once('finish', () => {
        sendPasswordResetMail(deps, email, body.language).catch((error: unknown) =>
          deps.logger.error({ err: error }, 'password reset mail failed'),
        );
      });
      return { status: 'sent' as const };
    },
  });

  api.add({
    method: 'post',
    path: '/auth/password/reset',
    summary: 'Set a new password with the token of a reset link; every session of the account ends',
    tag: 'auth',
    auth: PUBLIC,
    body: resetPasswordRequestSchema,
    responses: { 204: null },
    async handler({ body, deps }) {
      await resetPassword(deps, body);
      return undefined;
    },
  });

  api.add({
    method: 'post',
    path: '/me/password',
    summary: 'Change the own password; every session ends and this client continues in a new one',
    tag: 'account',
    auth: signedIn(),
    body: changePasswordRequestSchema,
    responses: { 200: sessionResponseSchema },
    async handler({ body, principal, req, res, deps }) {
      return deliverSession(res, deps, await changePassword(deps, principal, body, clientMeta(req)));
    },
  });
}
