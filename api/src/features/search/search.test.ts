import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { withPlatform } from '@taktwerk/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../../../testing/api-server';
import { createTestAdmin, createTestOrganization } from '../../../../testing/fixtures';
import { signedInCaller, type Caller } from '../machines/test-support';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => api.close());

/** A word no other test's data contains, so counts are exact even with the whole run's data in the database. */
const uniqueWord = () => `qx${randomBytes(4).toString('hex')}`;

interface Result {
  kind: string;
  id: string;
  title: string;
  subtitle: string | null;
  orgId: string | null;
  machineId: string | null;
}

async function search(caller: Caller, q: string): Promise<Result[]> {
  const res = await caller('GET', `/search?q=${encodeURIComponent(q)}`);
  expect(res.status, res.text).toBe(200);
  return res.json.results;
}

/** An organization named after `word` with a machine and a tag named after it, and its owner signed in. */
async function tenant(word: string, label: string) {
  const org = await createTestOrganization(api.deps.pool, { usageLimits: { machines: 10, tags: 50 } });
  await withPlatform(api.deps.pool, (db) => db.query('UPDATE organizations SET name = $2 WHERE id = $1', [org.org.id, `${word} ${label} GmbH`]));
  const owner = await signedInCaller(api, org.owner);
  const machineId: string = (await owner('POST', '/machines', { name: `${word} ${label} press`, location: 'Hall 2' })).json.machine.id;
  const tagId: string = (await owner('POST', `/machines/${machineId}/tags`, { alias: `${word}.${label}.temp` })).json.tag.id;
  return { ...org, ownerLogin: org.owner, owner, machineId, tagId };
}

describe('global search', () => {
  it("finds a customer's own machines, tags, users and organization, and nothing of another organization", async () => {
    const word = uniqueWord();
    const mine = await tenant(word, 'mine');
    const theirs = await tenant(word, 'theirs');
    await withPlatform(api.deps.pool, (db) =>
      db.query("UPDATE users SET name = $2 WHERE id = ANY($1::uuid[])", [[mine.ownerLogin.id, theirs.ownerLogin.id], `${word} Person`]),
    );

    const results = await search(mine.owner, word.toUpperCase());
    expect(results).toEqual([
      { kind: 'machine', id: mine.machineId, title: `${word} mine press`, subtitle: 'Hall 2', orgId: mine.org.id, machineId: null },
      { kind: 'tag', id: mine.tagId, title: `${word}.mine.temp`, subtitle: `${word} mine press`, orgId: mine.org.id, machineId: mine.machineId },
      { kind: 'user', id: mine.ownerLogin.id, title: `${word} Person`, subtitle: mine.ownerLogin.email, orgId: mine.org.id, machineId: null },
      { kind: 'organization', id: mine.org.id, title: `${word} mine GmbH`, subtitle: 'starter', orgId: mine.org.id, machineId: null },
    ]);
    // Their records match too, and are never there; neither for the member.
    const member = await signedInCaller(api, mine.member);
    for (const caller of [mine.owner, member]) {
      const found = await search(caller, `${word} theirs`);
      expect(found).toEqual([]);
      expect(JSON.stringify(await search(caller, word))).not.toContain(theirs.org.id);
    }
    expect((await search(theirs.owner, word)).map((r) => r.id)).toContain(theirs.machineId);
  });

  it('gives platform admins every organization, user, machine and tag, but never the platform organization', async () => {
    const word = uniqueWord();
    const one = await tenant(word, 'one');
    const two = await tenant(word, 'two');
    const admin = await signedInCaller(api, await createTestAdmin(api.deps.pool));
    const results = await search(admin, word);
    const ids = (kind: string) => results.filter((r) => r.kind === kind).map((r) => r.id).sort();
    expect(ids('machine')).toEqual([one.machineId, two.machineId].sort());
    expect(ids('tag')).toEqual([one.tagId, two.tagId].sort());
    expect(ids('organization')).toEqual([one.org.id, two.org.id].sort());
    const byEmail = await search(admin, two.member.email);
    expect(byEmail.map((r) => [r.kind, r.id])).toEqual([['user', two.member.id]]);
    expect(await search(admin, 'Taktwerk Platform')).toEqual([]);
  });

  it('needs at least 2 characters after trimming', async () => {
    const { owner } = await tenant(uniqueWord(), 'short');
    for (const q of ['', 'a', '  a  ', '\t b ']) {
      const res = await owner('GET', `/search?q=${encodeURIComponent(q)}`);
      expect(res.status, JSON.stringify(q)).toBe(400);
      expect(res.json.error.message).toContain('at least 2 characters');
    }
    expect((await owner('GET', '/search')).status).toBe(400);
    expect((await owner('GET', `/search?q=${'x'.repeat(101)}`)).status).toBe(400);
    expect((await owner('GET', `/search?q=${encodeURIComponent('  ab ')}`)).status).toBe(200);
    expect((await fetch(`${api.baseUrl}/api/v1/search?q=abc`)).status).toBe(401);
  });

  it('answers any text with results or a 400, never a server error', async () => {
    const { owner } = await tenant(uniqueWord(), 'fuzz');
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 120 }), async (q) => {
        const res = await owner('GET', `/search?q=${encodeURIComponent(q)}`);
        expect([200, 400], `${JSON.stringify(q)}: ${res.text}`).toContain(res.status);
      }),
      { numRuns: 100 },
    );
  });

  it('returns at most 5 per kind and 10 in all, in the order machines, tags, pages, users, organizations', async () => {
    const word = uniqueWord();
    const { owner, machineId } = await tenant(word, 'caps');
    for (let i = 1; i <= 6; i += 1) {
      await owner('POST', '/machines', { name: `${word} extra ${i}` });
      await owner('POST', `/machines/${machineId}/tags`, { alias: `${word}.extra.${i}` });
    }
    const results = await search(owner, word);
    expect(results).toHaveLength(10);
    expect(results.map((r) => r.kind)).toEqual([...Array(5).fill('machine'), ...Array(5).fill('tag')]);
    // Names starting with the text come first, then alphabetical.
    expect(results.slice(0, 5).map((r) => r.title)).toEqual([
      `${word} caps press`,
      `${word} extra 1`,
      `${word} extra 2`,
      `${word} extra 3`,
      `${word} extra 4`,
    ]);
    const fewer = await search(owner, `${word}.extra`);
    expect(fewer.map((r) => r.kind)).toEqual(Array(5).fill('tag'));
  });

  it('finds custom pages for everyone and matches the text literally', async () => {
    const word = uniqueWord();
    const { owner } = await tenant(word, 'pages');
    await withPlatform(api.deps.pool, (db) =>
      db.query("INSERT INTO pages (slug, title, content) VALUES ($1, $2, '')", [`${word}-imprint`, `Imprint ${word}`]),
    );
    expect(await search(owner, `imprint ${word}`)).toEqual([
      { kind: 'page', id: `${word}-imprint`, title: `Imprint ${word}`, subtitle: null, orgId: null, machineId: null },
    ]);
    // '%' and '_' are not wildcards.
    expect(await search(owner, '%%')).toEqual([]);
    expect(await search(owner, `${word.slice(0, 3)}_`)).toEqual([]);
  });
});
