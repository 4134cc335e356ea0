import { preferencesSchema, preferencesUpdateSchema } from '@taktwerk/common';
import { signedIn, type ApiRouter } from '../../http/route';
import { loadPreferences, savePreferences } from './service';

export function registerPreferencesRoutes(api: ApiRouter): void {
  api.add({
    method: 'get',
    path: '/me/preferences',
    summary: 'The own preferences; defaults are created when missing',
    tag: 'account',
    auth: signedIn(),
    responses: { 200: preferencesSchema },
    async handler({ principal, deps }) {
      return loadPreferences(deps, principal);
    },
  });

  api.add({
    method: 'patch',
    path: '/me/preferences',
    summary: 'Change any of the own preferences (session timeout at least 5 minutes)',
    tag: 'account',
    auth: signedIn(),
    body: preferencesUpdateSchema,
    responses: { 200: preferencesSchema },
    async handler({ body, principal, deps }) {
      return savePreferences(deps, principal, body);
    },
  });
}
