import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { withPlatform } from '@taktwerk/db';
import { createTestOrganization } from '../../testing/fixtures';
import { PHONE, openSignedIn, registerTenantSuite, resetOrganization, shot } from './tenant-browser';

const suite = registerTenantSuite();
const SHOTS = '/tmp/shots';
let machineId: string;
let foreignOrgName: string;
let foreignOrgId: string;

/** As the owner through the api: signs in, then calls. */
async function asOwner(method: string, path: string, body: unknown) {
  const { baseUrl, owner } = suite.platform;
  const call = (p: string, b: unknown, token?: string) =>
    fetch(`${baseUrl}/api/v1${p}`, {
      method: p === path ? method : 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(b),
    }).then(async (res) => ({ status: res.status, json: await res.json() }));
  const login = await call('/auth/login', { email: owner.email, password: owner.password });
  return call(path, body, login.json.accessToken);
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  await resetOrganization(suite.pool, suite.platform.orgId, { machines: 3, tags: 100 });
  const machine = await asOwner('POST', '/machines', { name: 'Stamping Press 9', location: 'Hall 1' });
  expect(machine.status).toBe(201);
  machineId = machine.json.machine.id;
  // Another organization whose machine matches the same text: it must never show up for this organization.
  const foreign = await createTestOrganization(suite.pool);
  foreignOrgId = foreign.org.id;
  foreignOrgName = `Stamping Rivals ${foreign.org.id.slice(0, 6)}`;
  await withPlatform(suite.pool, async (db) => {
    await db.query('UPDATE organizations SET name = $2 WHERE id = $1', [foreignOrgId, foreignOrgName]);
    await db.query("INSERT INTO machines (org_id, name) VALUES ($1, 'Stamping Press Foreign')", [foreignOrgId]);
  });
});

const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search' });
const listbox = (page: Page) => page.getByRole('listbox', { name: 'Search results' });

describe('global search', () => {
  it("finds the organization's machine (never another's) and opens it with the keyboard", async () => {
    const { page, problems } = await openSignedIn(suite.scene(), suite.platform.owner);
    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/v1/search')) requests.push(new URL(request.url()).searchParams.get('q') ?? '');
    });
    await searchBox(page).click();
    await searchBox(page).pressSequentially('s');
    await page.getByText('Type at least 2 characters.').waitFor();
    // Typed quickly, one request after the typing stops (300 ms debounce).
    await searchBox(page).pressSequentially('tampin', { delay: 40 });
    const machines = listbox(page).getByRole('group', { name: 'Machines' });
    await machines.getByRole('option', { name: /Stamping Press 9/ }).waitFor();
    expect(requests).toEqual(['stampin']);
    expect(await listbox(page).getByRole('option').allTextContents()).toEqual(['Stamping Press 9Hall 1']);
    await shot(page, `${SHOTS}/search-desktop-results.png`);

    await searchBox(page).press('ArrowDown');
    expect(await searchBox(page).getAttribute('aria-activedescendant')).toBe(await machines.getByRole('option').first().getAttribute('id'));
    await searchBox(page).press('Enter');
    await page.waitForURL(new RegExp(`#dashboard\\?machineId=${machineId}$`));
    expect(await searchBox(page).inputValue()).toBe('');
    expect(await listbox(page).isVisible()).toBe(false);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('finds app screens by their name in the user’s language, and closes with Escape', async () => {
    const { page, problems } = await openSignedIn(suite.scene(), suite.platform.owner);
    await searchBox(page).fill('analy');
    const pages = listbox(page).getByRole('group', { name: 'Pages' });
    await pages.getByRole('option', { name: 'Analytics' }).waitFor();
    await searchBox(page).press('Escape');
    expect(await listbox(page).isVisible()).toBe(false);
    expect(await searchBox(page).inputValue()).toBe('analy');
    await searchBox(page).press('ArrowDown');
    await pages.getByRole('option', { name: 'Analytics' }).click();
    await page.waitForURL(/#analytics$/);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("opens results as spec part 1 §6 says for a member: own machines on the machines screen, other users denied", async () => {
    const { page } = await openSignedIn(suite.scene(), suite.platform.member);
    await page.goto(`${suite.platform.baseUrl}/#machines`);
    await searchBox(page).fill('stamping');
    await listbox(page).getByRole('option', { name: /Stamping Press 9/ }).click();
    await page.waitForURL(new RegExp(`#machines\\?machineId=${machineId}$`));

    const userOption = (email: string) => listbox(page).getByRole('group', { name: 'Users' }).getByRole('option', { name: new RegExp(email.replace(/\./g, '\\.')) });
    await searchBox(page).fill(suite.platform.owner.email);
    await userOption(suite.platform.owner.email).click();
    await page.getByRole('alert').filter({ hasText: 'Access denied' }).waitFor();
    await searchBox(page).fill(suite.platform.member.email);
    await userOption(suite.platform.member.email).click();
    await page.waitForURL(/#settings$/);
    await page.context().close();
  });

  it('gives platform admins organizations, opening on the organizations page', async () => {
    const { page } = await openSignedIn(suite.scene(), suite.platform.admin);
    await searchBox(page).fill(foreignOrgName);
    await listbox(page).getByRole('group', { name: 'Organizations' }).getByRole('option', { name: foreignOrgName }).click();
    await page.waitForURL(new RegExp(`#organizations\\?orgId=${foreignOrgId}$`));
    await page.context().close();
  });

  it('folds into a button on phones and opens the found machine', async () => {
    const { page, problems } = await openSignedIn(suite.scene(), suite.platform.owner, { viewport: PHONE });
    expect(await searchBox(page).isVisible()).toBe(false);
    await page.locator('.shell-header').getByRole('button', { name: 'Search' }).click();
    await searchBox(page).fill('press');
    await listbox(page).getByRole('option', { name: /Stamping Press 9/ }).waitFor();
    await shot(page, `${SHOTS}/search-phone-results.png`);
    // Enter right after typing, before the results for the new text are in: it opens the first of them.
    await searchBox(page).fill('hall 1');
    await searchBox(page).press('Enter');
    await page.waitForURL(new RegExp(`#dashboard\\?machineId=${machineId}$`));
    expect(await searchBox(page).isVisible()).toBe(false);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
