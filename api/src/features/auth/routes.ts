import { loginResponseSchema } from '@taktwerk/common';
import type { ApiRouter } from '../../http/route';
import { PUBLIC, signedIn } from '../../http/route';
import { bearerToken } from '../../http/authenticate';
import { loginRequestSchema, sessionResponseSchema } from './schema';
import { login, logout, logoutSession, recordActivity, refresh } from './service';
import { clearRefreshCookie, deliverSession, readRefreshCookie, setRefreshCookie } from './session-cookie';
import { clientMeta } from './sessions';

export function registerAuthRoutes(api: ApiRouter): void {
  api.add({
    method: 'post',
    path: '/auth/login',
    summary: 'Sign in with email and password; two-factor users get a pending challenge instead of a session',
    tag: 'auth',
    auth: PUBLIC,
    body: loginRequestSchema,
    responses: { 200: loginResponseSchema },
    async handler({ body, req, res, deps }) {
      const outcome = await login(deps, body, clientMeta(req));
      return outcome.kind === 'challenge' ? outcome.challenge : deliverSession(res, deps, outcome.issued);
    },
  });

  api.add({
    method: 'post',
    path: '/auth/refresh',
    summary: 'Rotate the refresh cookie and get a new access token (204 when there is no session cookie)',
    tag: 'auth',
    auth: PUBLIC,
    responses: { 200: sessionResponseSchema, 204: null },
    async handler({ req, res, deps }) {
      const token = readRefreshCookie(req);
      // No cookie is the ordinary signed-out page load, not a failure.
      if (!token) return undefined;
      const secure = deps.env.NODE_ENV === 'production';
      try {
        const issued = await refresh(deps, token);
        setRefreshCookie(res, issued.refreshToken, issued.refreshExpiresAt, secure);
        return issued.response;
      } catch (error) {
        clearRefreshCookie(res, secure);
        throw error;
      }
    },
  });

  api.add({
    method: 'post',
    path: '/auth/logout',
    summary: 'End the current session',
    tag: 'auth',
    auth: PUBLIC,
    responses: { 204: null },
    async handler({ req, res, deps }) {
      const token = readRefreshCookie(req);
      if (token) await logout(deps, token);
      else if (bearerToken(req)) {
        const claims = await deps.tokens.verify(bearerToken(req)!);
        if (claims) await logoutSession(deps, claims.orgId, claims.userId, claims.sessionId);
      }
      clearRefreshCookie(res, deps.env.NODE_ENV === 'production');
      return undefined;
    },
  });

  api.add({
    method: 'post',
    path: '/auth/activity',
    summary: 'Report user activity: restarts the inactivity timeout of the current session',
    tag: 'auth',
    auth: signedIn(),
    responses: { 204: null },
    async handler({ principal, deps }) {
      await recordActivity(deps, principal.orgId, principal.sessionId);
      return undefined;
    },
  });
}
