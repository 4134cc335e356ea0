import { profileResponseSchema, profileUpdateRequestSchema } from '@taktwerk/common';
import { insertAuditEntry, updateUserName, withTenant } from '@taktwerk/db';
import { unauthorized } from '../../http/errors';
import { signedIn, type ApiRouter } from '../../http/route';
import { presentUser } from '../auth/presenter';

export function registerProfileRoutes(api: ApiRouter): void {
  api.add({
    method: 'patch',
    path: '/me/profile',
    summary: 'Change the own name (the email is read-only here)',
    tag: 'account',
    auth: signedIn(),
    body: profileUpdateRequestSchema,
    responses: { 200: profileResponseSchema },
    async handler({ body, principal, deps }) {
      return withTenant(deps.pool, principal.orgId, async (db) => {
        const user = await updateUserName(db, principal.userId, body.name);
        if (!user) throw unauthorized('No user profile found for this account. Please contact your administrator.', 'profile_missing');
        await insertAuditEntry(db, { orgId: user.org_id, actorId: user.id, action: 'user.profile_updated', targetType: 'user', targetId: user.id });
        return { user: presentUser(user) };
      });
    },
  });
}
