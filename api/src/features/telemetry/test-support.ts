import { insertPoints, insertTagConfig, withPlatform, type Pool } from '@taktwerk/db';
import type { TestApi } from '../../../../testing/api-server';
import { createTestOrganization, type TestOrganization } from '../../../../testing/fixtures';
import { signedInCaller, type Caller } from '../machines/test-support';

export interface Point {
  tag: string;
  ts: Date;
  value?: number | null;
  text?: string | null;
  quality?: number | null;
}

/** Stores points of one machine directly (any age: the ingest endpoint refuses points older than the retention). */
export async function storePoints(pool: Pool, machineId: string, points: Point[]): Promise<void> {
  // Chunks keep each statement's parameter arrays moderate for large datasets.
  for (let i = 0; i < points.length; i += 20_000) {
    const chunk = points.slice(i, i + 20_000);
    await withPlatform(pool, (db) =>
      insertPoints(db, {
        machineIds: chunk.map(() => machineId),
        tags: chunk.map((p) => p.tag),
        timestamps: chunk.map((p) => p.ts),
        values: chunk.map((p) => p.value ?? null),
        texts: chunk.map((p) => p.text ?? null),
        qualities: chunk.map((p) => p.quality ?? null),
      }),
    );
  }
}

export async function addTag(pool: Pool, orgId: string, machineId: string, alias: string, dataType: 'Double' | 'String' = 'Double') {
  await withPlatform(pool, (db) => insertTagConfig(db, { orgId, machineId, path: alias, alias, dataType, unit: null, description: null }));
}

export interface TelemetryScene {
  org: TestOrganization;
  owner: Caller;
  member: Caller;
  machineIds: string[];
}

/** A fresh organization whose owner created `names` machines through the api; owner and member signed in. */
export async function telemetryScene(api: TestApi, names: string[]): Promise<TelemetryScene> {
  const org = await createTestOrganization(api.deps.pool, { usageLimits: { machines: names.length, tags: 100, ingestPointsPerDay: 1_000_000 } });
  const owner = await signedInCaller(api, org.owner);
  const member = await signedInCaller(api, org.member);
  const machineIds: string[] = [];
  for (const name of names) {
    const res = await owner('POST', '/machines', { name });
    if (res.status !== 201) throw new Error(`machine create failed: ${res.status} ${res.text}`);
    machineIds.push(res.json.machine.id as string);
  }
  return { org, owner, member, machineIds };
}

/** A query string from a record; arrays repeat the parameter. */
export function qs(params: Record<string, string | number | string[] | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) search.append(name, String(v));
  }
  return search.toString();
}
