import type { ApiKeyScope } from '@taktwerk/common';
import type { ParseKeys } from 'i18next';

/** What each scope allows, for the create dialog (the scope names themselves are shown as they are). */
export const SCOPE_HINTS: Record<ApiKeyScope, ParseKeys> = {
  'ingest:write': 'apiKeys.scopes.ingestWrite',
  'machine:read': 'apiKeys.scopes.machineRead',
  'machine:write': 'apiKeys.scopes.machineWrite',
  'data:read': 'apiKeys.scopes.dataRead',
  'alert:read': 'apiKeys.scopes.alertRead',
  'alert:write': 'apiKeys.scopes.alertWrite',
};
