import { randomUUID } from 'node:crypto';
import { withPlatform, withTenant } from '@taktwerk/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../../../testing/api-server';
import { createTestOrganization, type TestOrganization } from '../../../../testing/fixtures';
import { AppError } from '../../http/errors';
import { sha256Hex } from '../../http/tokens';
import { assertMachineAllowed } from './limits';
import { signedInCaller, type Caller } from './test-support';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => api.close());

async function orgWithCallers(usageLimits: { machines?: number; tags?: number } = { machines: 10 }) {
  const org = await createTestOrganization(api.deps.pool, { usageLimits });
  return { org, owner: await signedInCaller(api, org.owner), member: await signedInCaller(api, org.member) };
}

const sql = <T extends object>(text: string, values: unknown[] = []) =>
  withPlatform(api.deps.pool, async (db) => (await db.query<T & Record<string, unknown>>(text, values)).rows);

describe('machines: create, list, edit, delete', () => {
  it('creates a machine with a twm_ token shown once, stored only as its SHA-256', async () => {
    const { owner } = await orgWithCallers();
    const res = await owner('POST', '/machines', { name: '  Lathe 7 ', description: 'Turning', location: 'Hall C' });
    expect(res.status).toBe(201);
    const { machine, token } = res.json;
    expect(token).toMatch(/^twm_[0-9A-Za-z]{32}$/);
    expect(machine).toMatchObject({ name: 'Lathe 7', description: 'Turning', location: 'Hall C', status: 'offline' });
    expect(machine.displayStatus).toBe('offline');
    expect(machine.tokenPreview).toBe(`twm_${token.slice(4, 8)}…${token.slice(-4)}`);
    expect(machine).toMatchObject({ lastUpdate: null, tagCount: 0, enabledTagCount: 0, previewTags: [] });

    const [stored] = await sql<{ token_hash: string }>('SELECT token_hash FROM machines WHERE id = $1', [machine.id]);
    expect(stored!.token_hash).toBe(sha256Hex(token));
    const list = await owner('GET', '/machines');
    expect(list.status).toBe(200);
    expect(list.json.machines.map((m: { id: string }) => m.id)).toEqual([machine.id]);
    expect(JSON.stringify(list.json)).not.toContain(token);
    expect((await owner('GET', `/machines/${machine.id}`)).json.machine.id).toBe(machine.id);
  });

  it('refuses a missing or blank name, unknown fields and a non-JSON body', async () => {
    const { owner } = await orgWithCallers();
    expect((await owner('POST', '/machines', {})).status).toBe(400);
    expect((await owner('POST', '/machines', { name: '   ' })).status).toBe(400);
    expect((await owner('POST', '/machines', { name: 'A', orgId: randomUUID() })).status).toBe(400);
    expect((await owner('POST', '/machines', { name: 'A', status: 'online' })).status).toBe(400);
    expect((await owner('POST', '/machines', 'name=A')).status).toBe(400);
    expect((await owner('GET', '/machines/not-a-uuid')).status).toBe(400);
  });

  it('edits name, description and location; empty text clears a field, absent fields stay', async () => {
    const { owner } = await orgWithCallers();
    const { machine } = (await owner('POST', '/machines', { name: 'Press', description: 'Old', location: 'Hall A' })).json;
    const res = await owner('PATCH', `/machines/${machine.id}`, { name: 'Press 2', description: '' });
    expect(res.status).toBe(200);
    expect(res.json.machine).toMatchObject({ name: 'Press 2', description: null, location: 'Hall A' });
    expect((await owner('PATCH', `/machines/${machine.id}`, { name: '' })).status).toBe(400);
  });

  it('deletes a machine with its tags and keeps current_usage exact', async () => {
    const { org, owner } = await orgWithCallers();
    const a = (await owner('POST', '/machines', { name: 'A' })).json.machine;
    await owner('POST', '/machines', { name: 'B' });
    await owner('POST', `/machines/${a.id}/tags`, { alias: 'temp' });
    const usage = async () => (await sql<{ u: Record<string, number> }>('SELECT current_usage AS u FROM organizations WHERE id = $1', [org.org.id]))[0]!.u;
    expect(await usage()).toMatchObject({ machines: 2, tags: 1 });
    expect((await owner('DELETE', `/machines/${a.id}`)).status).toBe(204);
    expect((await owner('GET', `/machines/${a.id}`)).status).toBe(404);
    expect((await owner('DELETE', `/machines/${a.id}`)).status).toBe(404);
    expect(await usage()).toMatchObject({ machines: 1, tags: 0 });
  });
});

describe('plan machine limit', () => {
  const limitMessage = (n: number) => `Your plan allows ${n} machine(s). Upgrade your plan to add more.`;

  it('allows exactly the limit, then answers limit_reached; deleting frees a slot', async () => {
    const { owner } = await orgWithCallers({ machines: 2 });
    const first = await owner('POST', '/machines', { name: 'One' });
    expect(first.status).toBe(201);
    expect((await owner('POST', '/machines', { name: 'Two' })).status).toBe(201);
    const third = await owner('POST', '/machines', { name: 'Three' });
    expect(third.status).toBe(403);
    expect(third.json.error).toEqual({ code: 'limit_reached', message: limitMessage(2), details: { resource: 'machines', limit: 2 } });
    await owner('DELETE', `/machines/${first.json.machine.id}`);
    expect((await owner('POST', '/machines', { name: 'Three' })).status).toBe(201);
  });

  it('allows none with a limit of 0 and with no limit set', async () => {
    const zero = await orgWithCallers({ machines: 0 });
    const refused = await zero.owner('POST', '/machines', { name: 'X' });
    expect(refused.status).toBe(403);
    expect(refused.json.error.message).toBe(limitMessage(0));

    const unset = await orgWithCallers({ machines: 5 });
    await sql("UPDATE organizations SET usage_limits = usage_limits - 'machines' WHERE id = $1", [unset.org.org.id]);
    expect((await unset.owner('POST', '/machines', { name: 'X' })).json.error.code).toBe('limit_reached');
  });

  it("answers 'Could not verify machine limit' when the organization's limits cannot be read", async () => {
    const missingOrg = randomUUID();
    const error = await withTenant(api.deps.pool, missingOrg, (db) => assertMachineAllowed(db, missingOrg)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect([(error as AppError).status, (error as AppError).code, (error as AppError).message]).toEqual([
      503,
      'limit_check_failed',
      'Could not verify machine limit. Please try again.',
    ]);
  });

  it('lets only one of several parallel creates pass a limit of 1', async () => {
    const { owner } = await orgWithCallers({ machines: 1 });
    const results = await Promise.all([1, 2, 3, 4, 5].map((i) => owner('POST', '/machines', { name: `Racer ${i}` })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 403)).toHaveLength(4);
    expect((await owner('GET', '/machines')).json.machines).toHaveLength(1);
  });
});

describe('machine token rotation', () => {
  it('replaces the token: a new secret, a new preview, the old hash gone', async () => {
    const { owner } = await orgWithCallers();
    const created = (await owner('POST', '/machines', { name: 'Rotor' })).json;
    const rotated = await owner('POST', `/machines/${created.machine.id}/token`);
    expect(rotated.status).toBe(200);
    expect(rotated.json.token).toMatch(/^twm_[0-9A-Za-z]{32}$/);
    expect(rotated.json.token).not.toBe(created.token);
    expect(rotated.json.machine.tokenPreview).toBe(`twm_${rotated.json.token.slice(4, 8)}…${rotated.json.token.slice(-4)}`);
    const [row] = await sql<{ token_hash: string }>('SELECT token_hash FROM machines WHERE id = $1', [created.machine.id]);
    expect(row!.token_hash).toBe(sha256Hex(rotated.json.token));
  });
});

describe('display status and card readings', () => {
  it('shows online within 5 minutes of data or heartbeat, offline after, the stored status without timestamps', async () => {
    const { owner } = await orgWithCallers();
    const ids = await Promise.all(['Fresh', 'Stale', 'Broken'].map(async (name) => (await owner('POST', '/machines', { name })).json.machine.id));
    await sql("UPDATE machines SET last_heartbeat = now() - interval '4 minutes' WHERE id = $1", [ids[0]]);
    await sql("UPDATE machines SET status = 'online', last_data_received = now() - interval '6 minutes' WHERE id = $1", [ids[1]]);
    await sql("UPDATE machines SET status = 'error' WHERE id = $1", [ids[2]]);
    const byName = Object.fromEntries((await owner('GET', '/machines')).json.machines.map((m: { name: string }) => [m.name, m]));
    expect(byName.Fresh).toMatchObject({ displayStatus: 'online', status: 'offline' });
    expect(byName.Fresh.lastUpdate).toBe(byName.Fresh.lastHeartbeat);
    expect(byName.Stale).toMatchObject({ displayStatus: 'offline', status: 'online' });
    expect(byName.Broken).toMatchObject({ displayStatus: 'error', lastUpdate: null });
  });

  it('carries up to 3 enabled tags with their latest value (boolean, number, string) and the enabled tag count', async () => {
    const { owner } = await orgWithCallers();
    const { machine } = (await owner('POST', '/machines', { name: 'Cells' })).json;
    for (const tag of [
      { alias: 'running', dataType: 'Boolean' },
      { alias: 'off.tag', enabled: false },
      { alias: 'temp', dataType: 'Double', unit: '°C' },
      { alias: 'state', dataType: 'String' },
      { alias: 'count', dataType: 'Int32' },
    ])
      expect((await owner('POST', `/machines/${machine.id}/tags`, tag)).status).toBe(201);
    await sql(
      `INSERT INTO ingested_values (machine_id, tag, ts, value, value_text) VALUES
         ($1, 'running', now() - interval '2 minutes', 0, NULL), ($1, 'running', now() - interval '1 minute', 1, NULL),
         ($1, 'temp', now() - interval '1 minute', 21.25, NULL), ($1, 'state', now(), NULL, 'AUTO')`,
      [machine.id],
    );
    const card = (await owner('GET', `/machines/${machine.id}`)).json.machine;
    expect(card).toMatchObject({ tagCount: 5, enabledTagCount: 4 });
    expect(card.previewTags.map((t: { alias: string; value: unknown }) => [t.alias, t.value])).toEqual([
      ['running', true],
      ['temp', 21.25],
      ['state', 'AUTO'],
    ]);
    expect(card.previewTags[1]).toMatchObject({ unit: '°C', dataType: 'Double' });
  });
});

describe('machine permissions and tenancy', () => {
  let a: { org: TestOrganization; owner: Caller; member: Caller };
  let foreignId: string;
  beforeAll(async () => {
    a = await orgWithCallers();
    const b = await orgWithCallers();
    foreignId = (await b.owner('POST', '/machines', { name: 'Theirs' })).json.machine.id;
  });

  it('lets members read but not create, edit, rotate or delete', async () => {
    const { machine } = (await a.owner('POST', '/machines', { name: 'Shared' })).json;
    expect((await a.member('GET', '/machines')).status).toBe(200);
    expect((await a.member('GET', `/machines/${machine.id}`)).status).toBe(200);
    for (const [method, path, body] of [
      ['POST', '/machines', { name: 'Nope' }],
      ['PATCH', `/machines/${machine.id}`, { name: 'Nope' }],
      ['POST', `/machines/${machine.id}/token`, undefined],
      ['DELETE', `/machines/${machine.id}`, undefined],
    ] as const)
      expect((await a.member(method, path, body)).status).toBe(403);
  });

  it("answers another organization's machine id exactly like a missing one (404, no existence leak)", async () => {
    const missing = randomUUID();
    for (const [method, suffix, body] of [
      ['GET', '', undefined],
      ['PATCH', '', { name: 'Mine now' }],
      ['POST', '/token', undefined],
      ['DELETE', '', undefined],
    ] as const) {
      const foreign = await a.owner(method, `/machines/${foreignId}${suffix}`, body);
      const absent = await a.owner(method, `/machines/${missing}${suffix}`, body);
      expect(foreign.status).toBe(404);
      expect(foreign.json).toEqual(absent.json);
    }
    expect((await a.owner('GET', '/machines')).json.machines.map((m: { id: string }) => m.id)).not.toContain(foreignId);
    const [theirs] = await sql<{ name: string }>('SELECT name FROM machines WHERE id = $1', [foreignId]);
    expect(theirs!.name).toBe('Theirs');
  });

  it('refuses anonymous callers', async () => {
    const res = await fetch(`${api.baseUrl}/api/v1/machines`);
    expect(res.status).toBe(401);
  });
});
