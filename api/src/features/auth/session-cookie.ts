import type { SessionResponse } from '@taktwerk/common';
import type { Request, Response } from 'express';
import type { AppDeps } from '../../context';
import type { IssuedSession } from './sessions';

// The refresh token lives only in this cookie: httpOnly (no script can read it), SameSite=Strict (no cross-site
// request carries it), and scoped to the auth endpoints.
export const REFRESH_COOKIE = 'tw_refresh';
const PATH = '/api/v1/auth';

export function setRefreshCookie(res: Response, token: string, expiresAt: Date, secure: boolean): void {
  res.cookie(REFRESH_COOKIE, token, { httpOnly: true, sameSite: 'strict', secure, path: PATH, expires: expiresAt });
}

export function clearRefreshCookie(res: Response, secure: boolean): void {
  res.clearCookie(REFRESH_COOKIE, { httpOnly: true, sameSite: 'strict', secure, path: PATH });
}

export function readRefreshCookie(req: Request): string | null {
  const value = (req.cookies as Record<string, unknown> | undefined)?.[REFRESH_COOKIE];
  return typeof value === 'string' && value.length > 0 && value.length < 200 ? value : null;
}

/** Hands a new session to the client: the refresh token as the cookie, the rest as the response body. */
export function deliverSession(res: Response, deps: AppDeps, issued: IssuedSession): SessionResponse {
  setRefreshCookie(res, issued.refreshToken, issued.refreshExpiresAt, deps.env.NODE_ENV === 'production');
  return issued.response;
}
