import { findOrganization, findUser, withTenant } from '@taktwerk/db';
import type { MeResponse } from '@taktwerk/common';
import { meResponseSchema } from '@taktwerk/common';
import type { ApiRouter } from '../../http/route';
import { signedIn } from '../../http/route';
import { unauthorized } from '../../http/errors';
import { organizationMissing } from '../auth/sessions';
import { presentOrganization, presentUser } from '../auth/presenter';

export function registerMeRoutes(api: ApiRouter): void {
  api.add({
    method: 'get',
    path: '/me',
    summary: 'The signed-in user, their organization and permissions',
    tag: 'auth',
    auth: signedIn(),
    responses: { 200: meResponseSchema },
    async handler({ principal, deps }): Promise<MeResponse> {
      return withTenant(deps.pool, principal.orgId, async (db) => {
        const user = await findUser(db, principal.userId);
        if (!user) throw unauthorized('No user profile found for this account. Please contact your administrator.', 'profile_missing');
        const org = await findOrganization(db, principal.orgId);
        if (!org) throw organizationMissing();
        return { user: presentUser(user), organization: presentOrganization(org) };
      });
    },
  });
}
