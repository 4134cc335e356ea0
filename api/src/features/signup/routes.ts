import { signupRequestSchema, signupResponseSchema } from '@taktwerk/common';
import { PUBLIC, type ApiRouter } from '../../http/route';
import { registerOrganization, sendAccountExistsMail } from './service';

export function registerSignupRoutes(api: ApiRouter): void {
  api.add({
    method: 'post',
    path: '/auth/signup',
    summary: 'Register a new organization and its owner (trialing on plan starter); the person then signs in',
    tag: 'auth',
    auth: PUBLIC,
    body: signupRequestSchema,
    responses: { 201: signupResponseSchema },
    async handler({ body, req, res, deps }) {
      const outcome = await registerOrganization(deps, body, req.ip ?? null);
      if (outcome.kind === 'exists') {
        res.once('finish', () => {
          sendAccountExistsMail(deps, outcome, body).catch((error: unknown) =>
            deps.logger.error({ err: error }, 'account-exists mail failed'),
          );
        });
      }
      return { status: 'registered' as const };
    },
  });
}
