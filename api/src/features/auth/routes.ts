import type { ApiRouter } from '../../http/route';
import { PUBLIC } from '../../http/route';
import { bearerToken } from '../../http/authenticate';
import { loginRequestSchema, sessionResponseSchema } from './schema';
import { login, logout, logoutSession, refresh } from './service';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from './session-cookie';
import { unauthorized } from '../../http/errors';
import type { Request } from 'express';
import type { ClientMeta } from './sessions';

const clientMeta = (req: Request): ClientMeta => ({ ip: req.ip ?? null, userAgent: req.get('user-agent')?.slice(0, 300) ?? null });

export function registerAuthRoutes(api: ApiRouter): void {
  api.add({
    method: 'post',
    path: '/auth/login',
    summary: 'Sign in with email and password',
    tag: 'auth',
    auth: PUBLIC,
    body: loginRequestSchema,
    responses: { 200: sessionResponseSchema },
    async handler({ body, req, res, deps }) {
      const issued = await login(deps, body, clientMeta(req));
      setRefreshCookie(res, issued.refreshToken, issued.refreshExpiresAt, deps.env.NODE_ENV === 'production');
      return issued.response;
    },
  });

  api.add({
    method: 'post',
    path: '/auth/refresh',
    summary: 'Rotate the refresh cookie and get a new access token',
    tag: 'auth',
    auth: PUBLIC,
    responses: { 200: sessionResponseSchema },
    async handler({ req, res, deps }) {
      const token = readRefreshCookie(req);
      if (!token) throw unauthorized('No session.', 'session_expired');
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
}
