import { randomBytes } from 'node:crypto';
import { API_KEY_FORMAT, DEFAULT_RATE_LIMITS, DEFAULT_USAGE_LIMITS, OWNER_PERMISSIONS } from '@taktwerk/common';
import {
  hashPassword,
  insertApiKey,
  insertMachine,
  insertOrganization,
  insertTagConfig,
  insertUser,
  putSystemConfigValue,
  withPlatform,
  type Pool,
} from '@taktwerk/db';
import { issueSecret } from '../api/src/http/credentials';

export interface BenchTenant {
  orgId: string;
  owner: { email: string; password: string };
  /** An API key with ingest:write. */
  apiKey: string;
  /** Machines the ingest scenarios write to, each with the tags of `tags` registered (Double). */
  ingestMachines: string[];
  /** The machine holding 30 days of data for the query and export scenarios. */
  queryMachine: string;
  /** A machine for the live-latency scenario (its tags are registered by ingest). */
  liveMachine: string;
}

/**
 * One organization whose plan limits do not get in the way of a benchmark (quota, tags, retention), and the
 * platform's ingest rate limit raised to match: the figures are the engine's, not the limits'.
 */
export async function createBenchTenant(pool: Pool, options: { ingestMachines: number; tags: string[]; queryTags: string[] }): Promise<BenchTenant> {
  return withPlatform(pool, async (db) => {
    await putSystemConfigValue(db, 'rate_limits', { ...DEFAULT_RATE_LIMITS, ingestPerMinute: 100_000_000 }, null);
    const org = await insertOrganization(db, {
      name: 'Benchmark GmbH',
      planId: 'starter',
      billingStatus: 'active',
      trialEndsAt: null,
      usageLimits: { ...DEFAULT_USAGE_LIMITS, machines: 1000, tags: 100_000, ingestPointsPerDay: 1e12, retentionDays: 400 },
    });
    const password = `Bench!${randomBytes(8).toString('hex')}`;
    const email = `owner.${randomBytes(4).toString('hex')}@bench.taktwerk.local`;
    const owner = await insertUser(db, { orgId: org.id, name: 'Bench Owner', email, role: 'customer_owner', permissions: OWNER_PERMISSIONS, passwordHash: await hashPassword(password) });
    const key = issueSecret(API_KEY_FORMAT);
    await insertApiKey(db, { orgId: org.id, label: 'bench', keyHash: key.hash, keyPreview: key.preview, scopes: ['ingest:write'], createdBy: owner.id, expiresAt: null });
    const machine = async (name: string, tags: string[]) => {
      const row = await insertMachine(db, { orgId: org.id, name, description: 'benchmark', location: null });
      for (const alias of tags)
        await insertTagConfig(db, { orgId: org.id, machineId: row.id, path: alias, alias, dataType: 'Double', unit: null, description: null });
      return row.id;
    };
    const ingestMachines: string[] = [];
    for (let i = 0; i < options.ingestMachines; i += 1) ingestMachines.push(await machine(`Ingest ${i}`, options.tags));
    return {
      orgId: org.id,
      owner: { email, password },
      apiKey: key.secret,
      ingestMachines,
      queryMachine: await machine('Query', options.queryTags),
      liveMachine: await machine('Live', []),
    };
  });
}
