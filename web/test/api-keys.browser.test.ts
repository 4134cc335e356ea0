import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { insertMachine, withPlatform } from '@taktwerk/db';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  DESKTOP,
  PHONE,
  fitsViewport,
  fullPageShot,
  openSignedIn,
  resetOrganization,
  screenshotPath,
  shot,
  switchToGerman,
  registerTenantSuite,
} from './tenant-browser';

const run = promisify(execFile);

const suite = registerTenantSuite();
let machineId: string;

beforeEach(async () => {
  await resetOrganization(suite.pool, suite.platform.orgId, { machines: 1 });
  machineId = (await withPlatform(suite.pool, (db) => insertMachine(db, { orgId: suite.platform.orgId, name: 'Line 1', description: null, location: null }))).id;
});

const quickstart = (page: Page) => page.locator('section.card').filter({ hasText: 'Quickstart' });

async function createKey(page: Page, label: string): Promise<string> {
  await page.getByRole('button', { name: 'Create key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create API key' });
  await dialog.getByLabel('Label').fill(label);
  await dialog.getByRole('button', { name: 'Create key' }).click();
  const shown = page.getByRole('dialog', { name: 'Your new API key' });
  return (await shown.locator('pre').textContent()) ?? '';
}

describe('API keys screen', () => {
  it('creates a key shown once, copies it, puts it in the quickstart samples, checks the endpoint and deletes the key', async () => {
    const { page, problems } = await openSignedIn(suite.scene(), suite.platform.owner);
    await page.goto(`${suite.platform.baseUrl}/#api-keys`);
    await page.getByText('No API keys yet').waitFor();
    const ingestUrl = `${suite.platform.baseUrl}/api/v1/ingest`;
    expect(await quickstart(page).locator('pre').first().textContent()).toBe(ingestUrl);

    await page.getByRole('button', { name: 'Create key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create API key' });
    await dialog.getByLabel('Label').fill('   ');
    await dialog.getByLabel('ingest:write').uncheck();
    await dialog.getByRole('button', { name: 'Create key' }).click();
    expect(await dialog.getByText('Enter a label.').isVisible()).toBe(true);
    expect(await dialog.getByText('Select at least one scope.').isVisible()).toBe(true);
    await dialog.getByLabel('Label').fill('  Line agent ');
    await dialog.getByLabel('ingest:write').check();
    await dialog.getByLabel('data:read').check();
    await dialog.getByRole('button', { name: 'Create key' }).click();

    const shown = page.getByRole('dialog', { name: 'Your new API key' });
    const key = (await shown.locator('pre').textContent()) ?? '';
    expect(key).toMatch(/^twk_[0-9A-Za-z]{40}$/);
    const preview = `twk_${key.slice(4, 8)}…${key.slice(-4)}`;
    expect(await shown.getByText(preview).isVisible()).toBe(true);
    await shown.getByRole('button', { name: 'Copy API key' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await shot(page, screenshotPath('api-keys', 'key-once-desktop'));
    await shown.getByRole('button', { name: 'Done' }).click();

    const row = page.getByRole('row').filter({ hasText: 'Line agent' });
    expect(await row.getByText(preview).isVisible()).toBe(true);
    expect(await row.getByText('Never').isVisible()).toBe(true);
    expect(await row.locator('.badge').allTextContents()).toEqual(['ingest:write', 'data:read']);

    // The samples now carry the real key, this deployment's ingest URL and the machine id.
    const sample = quickstart(page).getByRole('tabpanel').locator('pre');
    const curl = (await sample.textContent()) ?? '';
    for (const part of [`curl -X POST '${ingestUrl}'`, `'Authorization: Bearer ${key}'`, `"machineId": "${machineId}"`]) expect(curl).toContain(part);
    // Run as printed, the sample is accepted by this deployment's ingest endpoint (async: the api shares this process).
    expect(JSON.parse((await run('sh', ['-c', curl], { timeout: 30_000 })).stdout)).toEqual({ accepted: 1, duplicates: 0, rejected: [] });
    for (const [tab, marker] of [['Node.js', 'await fetch('], ['Python', 'urllib.request.Request(']] as const) {
      await quickstart(page).getByRole('tab', { name: tab }).click();
      expect(await sample.textContent()).toContain(marker);
      expect(await sample.textContent()).toContain(key);
    }

    await quickstart(page).getByRole('button', { name: 'Check endpoint' }).click();
    await quickstart(page).getByText('Endpoint reachable (204 No Content)').waitFor();

    await row.getByRole('button', { name: 'Delete Line agent' }).click();
    await page.getByRole('alertdialog', { name: 'Delete API key?' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No API keys yet').waitFor();
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('denies members', async () => {
    const { page } = await openSignedIn(suite.scene(), suite.platform.member);
    await page.goto(`${suite.platform.baseUrl}/#api-keys`);
    await page.getByText('Access Denied').waitFor();
    expect(await page.getByRole('button', { name: 'Create key' }).count()).toBe(0);
    await page.context().close();
  });

  it('speaks German', async () => {
    const { page, problems } = await openSignedIn(suite.scene(), suite.platform.owner);
    await page.goto(`${suite.platform.baseUrl}/#api-keys`);
    await switchToGerman(page);
    await page.getByRole('button', { name: 'Schlüssel erstellen' }).click();
    const dialog = page.getByRole('dialog', { name: 'API-Schlüssel erstellen' });
    await dialog.getByLabel('Bezeichnung').fill('Halle B');
    await dialog.getByRole('button', { name: 'Schlüssel erstellen' }).click();
    await page.getByRole('dialog', { name: 'Ihr neuer API-Schlüssel' }).getByRole('button', { name: 'Fertig' }).click();
    await page.getByRole('row').filter({ hasText: 'Halle B' }).getByText('Nie').waitFor();
    expect(await page.getByRole('heading', { name: 'Schnellstart' }).isVisible()).toBe(true);
    await fullPageShot(page, screenshotPath('api-keys', 'screen-desktop-de'));
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('fits phones and desktops in both themes (screenshots)', async () => {
    for (const [device, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
      for (const theme of ['light', 'dark'] as const) {
        await resetOrganization(suite.pool, suite.platform.orgId, { machines: 1 });
        const { page, problems } = await openSignedIn(suite.scene(), suite.platform.owner, { viewport, theme });
        await page.goto(`${suite.platform.baseUrl}/#api-keys`);
        await createKey(page, 'Shop floor gateway');
        await page.getByRole('button', { name: 'Done' }).click();
        await page.getByRole('row').filter({ hasText: 'Shop floor gateway' }).waitFor();
        await fullPageShot(page, screenshotPath('api-keys', `screen-${device}-${theme}`));
        expect(await fitsViewport(page)).toBe(true);
        await page.getByRole('button', { name: 'Create key' }).click();
        await page.getByRole('dialog', { name: 'Create API key' }).waitFor();
        await shot(page, screenshotPath('api-keys', `create-${device}-${theme}`));
        expect(problems).toEqual([]);
        await page.context().close();
      }
    }
  });
});
