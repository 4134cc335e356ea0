import {
  sessionResponseSchema,
  twoFactorEnableRequestSchema,
  twoFactorSetupResponseSchema,
  twoFactorVerifyRequestSchema,
} from '@taktwerk/common';
import { PUBLIC, signedIn, type ApiRouter } from '../../http/route';
import { deliverSession } from '../auth/session-cookie';
import { clientMeta } from '../auth/sessions';
import { beginTwoFactorSetup, confirmTwoFactor, turnOffTwoFactor, verifyTwoFactorLogin } from './service';

export function registerTwoFactorRoutes(api: ApiRouter): void {
  api.add({
    method: 'post',
    path: '/auth/2fa/verify',
    summary: 'Complete a two-factor sign-in with the challenge token and a 6-digit code (each code works once)',
    tag: 'auth',
    auth: PUBLIC,
    body: twoFactorVerifyRequestSchema,
    responses: { 200: sessionResponseSchema },
    async handler({ body, req, res, deps }) {
      return deliverSession(res, deps, await verifyTwoFactorLogin(deps, body, clientMeta(req)));
    },
  });

  api.add({
    method: 'post',
    path: '/me/two-factor/setup',
    summary: 'Start two-factor setup: a new secret with its otpauth URL and QR code',
    tag: 'account',
    auth: signedIn(),
    responses: { 200: twoFactorSetupResponseSchema },
    async handler({ principal, deps }) {
      return beginTwoFactorSetup(deps, principal);
    },
  });

  api.add({
    method: 'post',
    path: '/me/two-factor/enable',
    summary: 'Enable two-factor with a code from the new secret; all sessions end, this client gets a new one',
    tag: 'account',
    auth: signedIn(),
    body: twoFactorEnableRequestSchema,
    responses: { 200: sessionResponseSchema },
    async handler({ body, principal, req, res, deps }) {
      return deliverSession(res, deps, await confirmTwoFactor(deps, principal, body.code, clientMeta(req)));
    },
  });

  api.add({
    method: 'post',
    path: '/me/two-factor/disable',
    summary: 'Disable two-factor and clear its secret; all sessions end, this client gets a new one',
    tag: 'account',
    auth: signedIn(),
    responses: { 200: sessionResponseSchema },
    async handler({ principal, req, res, deps }) {
      return deliverSession(res, deps, await turnOffTwoFactor(deps, principal, clientMeta(req)));
    },
  });
}
