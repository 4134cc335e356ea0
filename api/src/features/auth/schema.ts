import { loginRequestSchema, meResponseSchema, sessionResponseSchema } from '@taktwerk/common';

export { loginRequestSchema, meResponseSchema, sessionResponseSchema };

export const LOGIN_WINDOW_SECONDS = 3600;
/** A rotated refresh token presented again within this many seconds is a racing tab, not a thief. */
export const REFRESH_REUSE_GRACE_MS = 5000;
