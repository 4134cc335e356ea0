import { insertPoints, insertTagConfig, withPlatform } from '@taktwerk/db';
import type { TestApi } from '../../../../testing/api-server';
import { createTestOrganization } from '../../../../testing/fixtures';
import { TestClient } from '../../../../testing/http';
import { signedInCaller } from '../machines/test-support';

export const TAG = 'spindle.temp';

/** An organization with an owner and a member signed in, a machine with the tag `spindle.temp`, and an ingest key. */
export async function alertsSetUp(api: TestApi, usageLimits: Record<string, number> = {}) {
  const org = await createTestOrganization(api.deps.pool, { usageLimits: { machines: 5, alerts: 20, ...usageLimits } });
  const owner = await signedInCaller(api, org.owner);
  const member = await signedInCaller(api, org.member);
  const machine = await owner('POST', '/machines', { name: 'Press 1' });
  const key = await owner('POST', '/api-keys', { label: 'agent', scopes: ['ingest:write'] });
  if (machine.status !== 201 || key.status !== 201) throw new Error(`set-up failed: ${machine.text} ${key.text}`);
  const machineId: string = machine.json.machine.id;
  await withPlatform(api.deps.pool, (db) =>
    insertTagConfig(db, { orgId: org.org.id, machineId, path: TAG, alias: TAG, dataType: 'Double', unit: '°C', description: null }),
  );
  const ingestKey: string = key.json.key;
  /** Pushes values through the real ingest endpoint (so the ingest listener runs), as [epoch ms, value] pairs. */
  const ingest = async (values: [number, number][], tag = TAG) => {
    const res = await new TestClient(api.baseUrl).request('POST', '/api/v1/ingest', {
      headers: { authorization: `Bearer ${ingestKey}` },
      body: { machineId, values: values.map(([timestamp, value]) => ({ tag, timestamp, value })) },
    });
    if (res.status !== 200) throw new Error(`ingest failed: ${res.status} ${res.text}`);
    return res.json as { accepted: number };
  };
  return { org, owner, member, machineId, ingest };
}

/** Stores values directly (no ingest listener): history for backtests. */
export function storeValues(api: TestApi, machineId: string, values: [number, number][], tag = TAG) {
  return withPlatform(api.deps.pool, (db) =>
    insertPoints(db, {
      machineIds: values.map(() => machineId),
      tags: values.map(() => tag),
      timestamps: values.map(([ts]) => new Date(ts)),
      values: values.map(([, v]) => v),
      texts: values.map(() => null),
      qualities: values.map(() => null),
    }),
  );
}

export const thresholdDraft = (machineId: string, overrides: Record<string, unknown> = {}) => ({
  name: 'Hot spindle',
  machineId,
  expression: { tag: TAG, operator: '>', threshold: 80 },
  ...overrides,
});
