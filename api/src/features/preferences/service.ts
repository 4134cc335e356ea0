import type { Preferences, PreferencesUpdate } from '@taktwerk/common';
import { findPreferences, getSystemConfig, insertDefaultPreferences, updatePreferences, withTenant, type Queryable } from '@taktwerk/db';
import type { AppDeps } from '../../context';
import type { Principal } from '../../http/principal';
import { preferencesChange, presentPreferences } from './presenter';

/** A user without a row gets the defaults written (spec part 2 §4); the session timeout comes from the security config. */
async function ensurePreferences(db: Queryable, principal: Principal): Promise<void> {
  const { security } = await getSystemConfig(db);
  await insertDefaultPreferences(db, { userId: principal.userId, orgId: principal.orgId, sessionTimeoutMinutes: security.sessionTimeoutMinutes });
}

export function loadPreferences(deps: AppDeps, principal: Principal): Promise<Preferences> {
  return withTenant(deps.pool, principal.orgId, async (db) => {
    let row = await findPreferences(db, principal.userId);
    if (!row) {
      await ensurePreferences(db, principal);
      row = (await findPreferences(db, principal.userId))!;
    }
    return presentPreferences(row);
  });
}

export function savePreferences(deps: AppDeps, principal: Principal, update: PreferencesUpdate): Promise<Preferences> {
  return withTenant(deps.pool, principal.orgId, async (db) => {
    await ensurePreferences(db, principal);
    return presentPreferences((await updatePreferences(db, principal.userId, preferencesChange(update)))!);
  });
}
