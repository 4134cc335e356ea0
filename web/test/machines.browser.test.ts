import { createTagConfig, insertMachine, refreshMachineAndTagUsage, withPlatform } from '@taktwerk/db';
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

const suite = registerTenantSuite();

beforeEach(async () => resetOrganization(suite.pool, suite.platform.orgId, { machines: 1 }));

const TOKEN = /^twm_[0-9A-Za-z]{32}$/;

/** A machine with five tags, four enabled, and current values for three of them. */
async function seedMachineWithReadings(): Promise<string> {
  return withPlatform(suite.pool, async (db) => {
    const machine = await insertMachine(db, { orgId: suite.platform.orgId, name: 'CNC Mill 01', description: '5-axis milling centre', location: 'Hall A' });
    const tags = [
      { alias: 'running', dataType: 'Boolean' as const, enabled: true },
      { alias: 'spindle.temp', dataType: 'Double' as const, enabled: true, unit: '°C' },
      { alias: 'mode', dataType: 'String' as const, enabled: true },
      { alias: 'cycles', dataType: 'Int32' as const, enabled: true },
      { alias: 'spare', dataType: 'Double' as const, enabled: false },
    ];
    for (const [i, tag] of tags.entries()) {
      await createTagConfig(db, suite.platform.orgId, machine.id, {
        path: `ns=2;s=${tag.alias}`,
        sendIntervalMs: 5000,
        sampleIntervalMs: 1000,
        aggregation: 'avg',
        unit: tag.unit ?? null,
        description: null,
        ...tag,
      });
      // Distinct creation times keep the card's tag order deterministic.
      await db.query("UPDATE tag_configs SET created_at = now() + make_interval(secs => $2) WHERE machine_id = $1 AND alias = $3", [machine.id, i, tag.alias]);
    }
    await db.query(
      `INSERT INTO ingested_values (machine_id, tag, ts, value, value_text) VALUES
         ($1, 'running', now(), 0, NULL), ($1, 'spindle.temp', now(), 41.26, NULL), ($1, 'mode', now(), NULL, 'AUTO')`,
      [machine.id],
    );
    await db.query("UPDATE machines SET last_data_received = now() - interval '1 minute' WHERE id = $1", [machine.id]);
    await refreshMachineAndTagUsage(db, suite.platform.orgId);
    return machine.id;
  });
}

const tokenDialog = (page: Page) => page.getByRole('dialog', { name: 'Machine token' });

describe('machines screen', () => {
  it('adds a machine, shows its token once, rotates it, edits and deletes it', async () => {
    const { page, problems } = await openSignedIn(suite.scene(), suite.platform.owner);
    await page.goto(`${suite.platform.baseUrl}/#machines`);
    await page.getByText('No machines yet').waitFor();
    await page.getByRole('button', { name: 'Add machine' }).click();
    const form = page.getByRole('dialog', { name: 'Add New Machine' });
    await form.getByRole('button', { name: 'Add machine' }).click();
    expect(await form.getByText('Machine name is required.').isVisible()).toBe(true);
    await form.getByLabel('Name').fill('Press 7');
    await form.getByLabel('Description').fill('Hydraulic press');
    await form.getByLabel('Location').fill('Hall B');
    await form.getByRole('button', { name: 'Add machine' }).click();

    // The token in full, once, with a working copy button.
    const token = (await tokenDialog(page).locator('pre').textContent()) ?? '';
    expect(token).toMatch(TOKEN);
    await tokenDialog(page).getByRole('button', { name: 'Copy token' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
    await shot(page, screenshotPath('machines', 'token-once-desktop'));
    await tokenDialog(page).getByRole('button', { name: 'Close', exact: true }).click();
    await page.waitForURL(/#machines$/);

    const card = page.getByRole('article', { name: 'Press 7' });
    expect(await card.getByText('Hydraulic press').isVisible()).toBe(true);
    expect(await card.getByText('Hall B').isVisible()).toBe(true);
    expect(await card.getByText('never').isVisible()).toBe(true);

    // Later the dialog shows only the preview; rotating shows the new token once.
    await card.getByRole('link', { name: 'Token' }).click();
    const preview = `twm_${token.slice(4, 8)}…${token.slice(-4)}`;
    await tokenDialog(page).getByText(preview).waitFor();
    expect(await tokenDialog(page).locator('pre').count()).toBe(0);
    await tokenDialog(page).getByRole('button', { name: 'Rotate token' }).click();
    await page.getByRole('alertdialog', { name: 'Rotate token?' }).getByRole('button', { name: 'Rotate token' }).click();
    const rotated = (await tokenDialog(page).locator('pre').textContent()) ?? '';
    expect(rotated).toMatch(TOKEN);
    expect(rotated).not.toBe(token);
    await tokenDialog(page).getByText(`twm_${rotated.slice(4, 8)}…${rotated.slice(-4)}`).waitFor();
    await page.keyboard.press('Escape');

    await card.getByRole('link', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Machine' });
    expect(await edit.getByLabel('Name').inputValue()).toBe('Press 7');
    await edit.getByLabel('Name').fill('Press 7B');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('article', { name: 'Press 7B' }).waitFor();

    // The starter limit of one machine is reached.
    await page.getByRole('button', { name: 'Add machine' }).click();
    await page.getByText('Your plan allows 1 machine(s). Upgrade your plan to add more.').waitFor();
    expect(await page.getByText('Limit reached').isVisible()).toBe(true);

    await page.getByRole('article', { name: 'Press 7B' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog', { name: 'Delete machine?' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No machines yet').waitFor();
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('shows status, tag count, last update and up to 3 current values; members get no edit actions', async () => {
    await seedMachineWithReadings();
    const { page, problems } = await openSignedIn(suite.scene(), suite.platform.member);
    await page.goto(`${suite.platform.baseUrl}/#machines`);
    const card = page.getByRole('article', { name: 'CNC Mill 01' });
    await card.waitFor();
    expect(await card.getByRole('img', { name: 'Online' }).count()).toBe(1);
    const values = await card.locator('.machine-card-tags li').allTextContents();
    expect(values).toEqual(['runningOFF', 'spindle.temp41.3 °C', 'modeAUTO']);
    expect(await card.getByText('+1 more tags').isVisible()).toBe(true);
    expect(await card.locator('dd').allTextContents()).toEqual(['Hall A', '5', expect.stringMatching(/^\d\d\/\d\d\/\d{4} \d\d:\d\d$/)]);
    expect(await card.getByRole('link', { name: 'Edit' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Add machine' }).count()).toBe(0);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('opens the edit form and the token dialog from hash parameters', async () => {
    const machineId = await seedMachineWithReadings();
    const { page } = await openSignedIn(suite.scene(), suite.platform.owner);
    await page.goto(`${suite.platform.baseUrl}/#machines?machineId=${machineId}`);
    await page.getByRole('dialog', { name: 'Edit Machine' }).waitFor();
    await page.keyboard.press('Escape');
    await page.waitForURL(/#machines$/);
    await page.goto(`${suite.platform.baseUrl}/#machines?id=${machineId}&action=token`);
    await tokenDialog(page).waitFor();
    await page.context().close();
  });

  it('speaks German', async () => {
    await seedMachineWithReadings();
    const { page, problems } = await openSignedIn(suite.scene(), suite.platform.owner);
    await page.goto(`${suite.platform.baseUrl}/#machines`);
    await switchToGerman(page);
    const card = page.getByRole('article', { name: 'CNC Mill 01' });
    await card.getByText('+1 weitere Tags').waitFor();
    expect(await card.locator('.machine-card-tags li').allTextContents()).toEqual(['runningAUS', 'spindle.temp41,3 °C', 'modeAUTO']);
    await card.getByRole('link', { name: 'Bearbeiten' }).click();
    await page.getByRole('dialog', { name: 'Maschine bearbeiten' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Maschine hinzufügen' }).click();
    await page.getByText('Ihr Tarif erlaubt 1 Maschine(n). Wechseln Sie auf einen größeren Tarif, um weitere hinzuzufügen.').waitFor();
    await shot(page, screenshotPath('machines', 'grid-desktop-de'));
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('fits phones and desktops in both themes (screenshots)', async () => {
    await resetOrganization(suite.pool, suite.platform.orgId, { machines: 3 });
    await seedMachineWithReadings();
    await withPlatform(suite.pool, (db) =>
      insertMachine(db, { orgId: suite.platform.orgId, name: 'Compressor 03 with a rather long name for narrow screens', description: null, location: null }),
    );
    for (const [device, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
      for (const theme of ['light', 'dark'] as const) {
        const { page, problems } = await openSignedIn(suite.scene(), suite.platform.owner, { viewport, theme });
        await page.goto(`${suite.platform.baseUrl}/#machines`);
        await page.getByRole('article', { name: 'CNC Mill 01' }).waitFor();
        await fullPageShot(page, screenshotPath('machines', `grid-${device}-${theme}`));
        expect(await fitsViewport(page)).toBe(true);
        await page.getByRole('article', { name: 'CNC Mill 01' }).getByRole('link', { name: 'Edit' }).click();
        await page.getByRole('dialog', { name: 'Edit Machine' }).waitFor();
        await shot(page, screenshotPath('machines', `form-${device}-${theme}`));
        expect(problems).toEqual([]);
        await page.context().close();
      }
    }
  });
});
