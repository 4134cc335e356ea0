import { findAgentConfig, insertMachine, listTagConfigs, withPlatform } from '@taktwerk/db';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import {
  DESKTOP,
  PHONE,
  downloadText,
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
let machineId: string;

beforeEach(async () => {
  await resetOrganization(suite.pool, suite.platform.orgId, { machines: 2, tags: 100 });
  machineId = (
    await withPlatform(suite.pool, (db) => insertMachine(db, { orgId: suite.platform.orgId, name: 'Compressor 03', description: null, location: null }))
  ).id;
});

const savedState = () =>
  withPlatform(suite.pool, async (db) => ({
    config: await findAgentConfig(db, suite.platform.orgId, machineId),
    tags: await listTagConfigs(db, suite.platform.orgId, machineId),
  }));

/** Fills the last tag row of the list. */
async function fillLastTag(page: Page, tag: { nodeId: string; alias: string; sample: string; dataType?: string; enabled?: boolean }) {
  const row = page.locator('.tag-row').last();
  await row.getByLabel('Node id').fill(tag.nodeId);
  await row.getByLabel('Alias').fill(tag.alias);
  await row.getByLabel('Sample interval (ms)').fill(tag.sample);
  if (tag.dataType) await row.getByLabel('Data type').selectOption(tag.dataType);
  if (tag.enabled === false) await row.getByLabel('Enabled').uncheck();
}

describe('machine agent screen', () => {
  it('builds a configuration, saves it, and downloads YAML that round-trips to what was saved', async () => {
    await withPlatform(suite.pool, (db) =>
      db.query("INSERT INTO ingested_values (machine_id, tag, ts, value) VALUES ($1, 'a', now(), 1), ($1, 'b', now(), 2)", [machineId]),
    );
    const { page, problems } = await openSignedIn(suite.scene(), suite.platform.owner);
    await page.goto(`${suite.platform.baseUrl}/#machine-agent`);
    await page.getByText('Disconnected').waitFor();
    await page.locator('.agent-status-figure').getByText('2', { exact: true }).waitFor();
    expect(await page.getByLabel('Protocol').inputValue()).toBe('opcua');
    expect(await page.getByLabel('Endpoint').inputValue()).toBe('opc.tcp://localhost:4840');
    expect(await page.getByLabel('Send interval (ms)').inputValue()).toBe('5000');
    expect(await page.getByLabel('Buffer size (values)').inputValue()).toBe('100');

    await page.getByLabel('Protocol').selectOption('modbus_rtu');
    await page.getByText('Endpoint: the serial port, e.g. /dev/ttyUSB0.', { exact: false }).waitFor();
    await page.getByLabel('Endpoint').fill('/dev/ttyUSB0');
    await page.getByLabel('Send interval (ms)').fill('2000');
    await page.getByLabel('Buffer size (values)').fill('500');
    await page.getByRole('button', { name: 'Add tag' }).click();
    await fillLastTag(page, { nodeId: '40001', alias: 'outlet.pressure', sample: '50' });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('At least 100 ms.').waitFor();
    await page.locator('.tag-row').last().getByLabel('Sample interval (ms)').fill('500');
    await page.getByRole('button', { name: 'Add tag' }).click();
    await fillLastTag(page, { nodeId: '40003', alias: 'motor.current', sample: '1000', dataType: 'Int32', enabled: false });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved', { exact: true }).waitFor();
    await expect.poll(async () => (await savedState()).tags.length).toBe(2);

    await page.getByRole('button', { name: 'Download & examples' }).click();
    const modal = page.getByRole('dialog', { name: 'Agent configuration' });
    await modal.locator('pre').first().waitFor();
    await modal.getByRole('button', { name: 'Copy Python example' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('import yaml');
    await shot(page, screenshotPath('machine-agent', 'modal-desktop'));
    const file = await downloadText(page, () => modal.getByRole('button', { name: 'Download YAML' }).click());
    expect(file.name).toBe('taktwerk-agent-compressor-03.yaml');

    const { config, tags } = await savedState();
    expect(YAML.parse(file.text)).toEqual({
      machineId,
      machineName: 'Compressor 03',
      protocol: config!.protocol,
      endpoint: config!.endpoint,
      sendInterval: config!.send_interval_ms,
      bufferSize: config!.buffer_size,
      api: { url: `${suite.platform.baseUrl}/api/v1/ingest`, token: '${TAKTWERK_MACHINE_TOKEN}', timeout: 30 },
      tags: tags.map((t) => ({ nodeId: t.path, alias: t.alias, enabled: t.enabled, sampleInterval: t.sample_interval_ms, dataType: t.data_type })),
    });
    expect(config).toMatchObject({ protocol: 'modbus_rtu', endpoint: '/dev/ttyUSB0', send_interval_ms: 2000, buffer_size: 500 });
    expect(tags.map((t) => [t.path, t.alias, t.enabled, t.sample_interval_ms, t.data_type]).sort()).toEqual([
      ['40001', 'outlet.pressure', true, 500, 'Double'],
      ['40003', 'motor.current', false, 1000, 'Int32'],
    ]);
    await modal.getByRole('button', { name: 'Close', exact: true }).click();

    // Removing a tag from the list deletes it; an empty list asks first.
    await page.getByRole('button', { name: 'Remove tag motor.current' }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(async () => (await savedState()).tags.map((t) => t.alias)).toEqual(['outlet.pressure']);
    await page.getByRole('button', { name: 'Remove tag outlet.pressure' }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const ask = page.getByRole('alertdialog', { name: 'Remove all tags?' });
    await ask.getByRole('button', { name: 'Cancel' }).click();
    expect((await savedState()).tags).toHaveLength(1);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await ask.getByRole('button', { name: 'Remove all tags' }).click();
    await expect.poll(async () => (await savedState()).tags).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('shows members the configuration read-only', async () => {
    const { page } = await openSignedIn(suite.scene(), suite.platform.member);
    await page.goto(`${suite.platform.baseUrl}/#machine-agent`);
    await page.getByText('You can view this configuration; only owners can change it.').waitFor();
    expect(await page.getByLabel('Endpoint').isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Download & examples' }).isVisible()).toBe(true);
    await page.context().close();
  });

  it('speaks German', async () => {
    const { page, problems } = await openSignedIn(suite.scene(), suite.platform.owner);
    await page.goto(`${suite.platform.baseUrl}/#machine-agent`);
    await switchToGerman(page);
    await page.getByText('Getrennt').waitFor();
    await page.getByRole('button', { name: 'Tag hinzufügen' }).click();
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await page.getByText('Geben Sie die Node-ID ein.').waitFor();
    await fullPageShot(page, screenshotPath('machine-agent', 'screen-desktop-de'));
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('fits phones and desktops in both themes (screenshots)', async () => {
    for (const [device, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
      for (const theme of ['light', 'dark'] as const) {
        const { page, problems } = await openSignedIn(suite.scene(), suite.platform.owner, { viewport, theme });
        await page.goto(`${suite.platform.baseUrl}/#machine-agent`);
        await page.getByRole('button', { name: 'Add tag' }).click();
        await fillLastTag(page, { nodeId: 'ns=2;s=Outlet.Pressure', alias: 'outlet.pressure', sample: '1000' });
        await fullPageShot(page, screenshotPath('machine-agent', `screen-${device}-${theme}`));
        expect(await fitsViewport(page)).toBe(true);
        await page.getByRole('button', { name: 'Download & examples' }).click();
        await page.getByRole('dialog', { name: 'Agent configuration' }).locator('pre').first().waitFor();
        await shot(page, screenshotPath('machine-agent', `modal-${device}-${theme}`));
        expect(problems).toEqual([]);
        await page.context().close();
      }
    }
  });
});
