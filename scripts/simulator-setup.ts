// What the demo simulator sends for: the demo organization's machines and tags, and a fresh ingest key.
import { API_KEY_FORMAT } from '@taktwerk/common';
import { DEMO_LOGINS, deleteApiKey, findUserByEmail, insertApiKey, listApiKeys, listMachines, listTagConfigs, withPlatform, withTenant, type Pool } from '@taktwerk/db';
import { issueSecret } from '../api/src/http/credentials';
import type { SimulatedTag } from './simulator-signals';

/** Label of the simulator's API key; a start replaces the key of the previous start. */
export const SIMULATOR_KEY_LABEL = 'Demo simulator';

export interface SimulatedMachine {
  id: string;
  name: string;
  tags: SimulatedTag[];
}

export interface DemoSimulation {
  orgId: string;
  /** The API key in full: only ever sent in the Authorization header, never logged. */
  apiKey: string;
  apiKeyPreview: string;
  machines: SimulatedMachine[];
}

/**
 * Finds the demo organization (through the seeded demo owner) and its enabled tags, and rotates the simulator's
 * ingest:write key: the previous start's key is deleted, so only one simulator key ever exists. Null when the
 * database holds no demo organization (it was not empty when first started).
 */
export async function prepareDemoSimulation(pool: Pool): Promise<DemoSimulation | null> {
  const owner = await withPlatform(pool, (db) => findUserByEmail(db, DEMO_LOGINS.owner.email));
  if (!owner) return null;
  const orgId = owner.org_id;
  return withTenant(pool, orgId, async (db) => {
    for (const key of await listApiKeys(db, orgId)) if (key.label === SIMULATOR_KEY_LABEL) await deleteApiKey(db, orgId, key.id);
    const key = issueSecret(API_KEY_FORMAT);
    await insertApiKey(db, {
      orgId, label: SIMULATOR_KEY_LABEL, keyHash: key.hash, keyPreview: key.preview, scopes: ['ingest:write'], createdBy: null, expiresAt: null,
    });
    const machines: SimulatedMachine[] = [];
    for (const machine of await listMachines(db, orgId)) {
      const tags = (await listTagConfigs(db, orgId, machine.id))
        .filter((t) => t.enabled)
        .map((t) => ({ alias: t.alias, dataType: t.data_type, unit: t.unit }));
      if (tags.length > 0) machines.push({ id: machine.id, name: machine.name, tags });
    }
    return { orgId, apiKey: key.secret, apiKeyPreview: key.preview, machines };
  });
}
