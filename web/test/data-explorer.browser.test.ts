import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertPoints, withPlatform } from '@taktwerk/db';
import { parseCsv } from '../../testing/csv';
import { DESKTOP, PHONE, downloadText, fitsViewport, fullPageShot, openSignedIn, shot, registerTenantSuite, resetOrganization, switchToGerman } from './tenant-browser';

const suite = registerTenantSuite();
const SHOTS = '/tmp/shots';
const TEXTS = ['idle', 'running, fast', 'say "hi"'];

interface Pushed {
  machineId: string;
  temps: { time: string; value: number }[];
}
let pushed: Pushed;

/** A machine with a name that needs CSV quoting, and 40 numeric plus 12 text values pushed through the ingest api. */
async function pushData(): Promise<Pushed> {
  const { owner, baseUrl } = suite.platform;
  const post = async (path: string, body: unknown, token?: string) => {
    const headers = { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) };
    const res = await fetch(`${baseUrl}/api/v1${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    return { status: res.status, json: await res.json() };
  };
  const login = await post('/auth/login', { email: owner.email, password: owner.password });
  const machine = await post('/machines', { name: 'Press, Line 2' }, login.json.accessToken);
  expect(machine.status).toBe(201);
  const now = Date.now();
  const temps = Array.from({ length: 40 }, (_, i) => ({ time: new Date(now - (40 - i) * 60_000).toISOString(), value: 20 + i * 0.5 }));
  const values = [
    ...temps.map((p) => ({ tag: 'spindle.temp', timestamp: p.time, value: p.value, quality: 192 })),
    ...Array.from({ length: 12 }, (_, i) => ({ tag: 'state', timestamp: new Date(now - (12 - i) * 60_000 - 500).toISOString(), value: TEXTS[i % 3] })),
  ];
  const ingest = await post('/ingest', { machineId: machine.json.machine.id, values }, machine.json.token);
  expect(ingest.json).toEqual({ accepted: 52, duplicates: 0, rejected: [] });
  return { machineId: machine.json.machine.id, temps };
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  await resetOrganization(suite.pool, suite.platform.orgId, { machines: 2, tags: 100 });
  pushed = await pushData();
});

const results = (page: Page) => page.locator('.card').filter({ has: page.getByRole('heading', { name: /^(Results|Ergebnisse)$/ }) });

describe('data explorer screen', () => {
  it('shows validation inline, runs a query preselected from the hash, and exports the CSV', async () => {
    const { page, problems } = await openSignedIn(suite.scene(), suite.platform.owner);
    await page.goto(`${suite.platform.baseUrl}/#data-explorer`);
    await page.getByText('Choose a machine and a tag, then run the query.').waitFor();
    await page.getByRole('button', { name: 'Run query' }).click();
    await results(page).getByRole('alert').getByText('Please select a machine.').waitFor();
    await shot(page, `${SHOTS}/data-explorer-desktop-error.png`);
    await page.getByLabel('Machine').selectOption({ label: 'Press, Line 2' });
    await page.getByRole('button', { name: 'Run query' }).click();
    await results(page).getByRole('alert').getByText('Please select a tag.').waitFor();

    // Preselection from the hash (parameter names in any case, the tag by alias); Enter in a field runs the query.
    await page.goto(`${suite.platform.baseUrl}/#data-explorer?MachineId=${pushed.machineId}&tag=SPINDLE.TEMP`);
    await page.reload();
    await expect.poll(() => page.getByLabel('Tag').inputValue()).not.toBe('');
    expect(await page.getByLabel('Tag').locator('option:checked').textContent()).toBe('spindle.temp');
    expect(await page.getByLabel('Aggregation').inputValue()).toBe('avg');
    expect(await page.getByLabel('Interval').inputValue()).toBe('1h');
    expect(await page.getByLabel('Row limit').inputValue()).toBe('1000');
    await page.getByLabel('Aggregation').selectOption('none');
    expect(await page.getByLabel('Interval').isDisabled()).toBe(true);
    await page.getByLabel('Row limit').fill('5');
    await page.getByLabel('Row limit').press('Enter');
    await results(page).getByRole('alert').getByText('Row limit must be at least 10.').waitFor();
    await page.getByLabel('Row limit').fill('30');
    await page.getByLabel('Row limit').press('Enter');
    await results(page).getByText('Rows: 30 · Showing the first 30 rows.', { exact: false }).waitFor();
    const table = results(page).getByRole('table', { name: 'Query results' });
    expect(await table.locator('thead th').allTextContents()).toEqual(['Machine', 'Tag', 'time', 'Value', 'Quality']);
    expect(await table.locator('tbody tr').count()).toBe(30);
    expect(await table.locator('tbody tr').first().locator('td').allTextContents()).toEqual(['Press, Line 2', 'spindle.temp', expect.any(String), '20', '192']);
    await fullPageShot(page, `${SHOTS}/data-explorer-desktop-query.png`);

    // The export ignores the table's row limit: every stored value of the range, in the CSV format of the api.
    await page.getByLabel('Tag').selectOption({ label: 'state' });
    const file = await downloadText(page, () => page.getByRole('button', { name: 'Export CSV' }).click());
    expect(file.name).toMatch(/^taktwerk-export-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const [header, ...rows] = parseCsv(file.text);
    expect(header).toEqual(['machine', 'tag', 'time', 'value', 'quality']);
    expect(rows.map((r) => [r[0], r[1], r[3], r[4]])).toEqual(Array.from({ length: 12 }, (_, i) => ['Press, Line 2', 'state', TEXTS[i % 3], '']));
    await page.getByRole('status').getByText('Exported 12 rows').waitFor();

    await page.getByLabel('Tag').selectOption({ label: 'spindle.temp' });
    await page.getByLabel('From', { exact: true }).fill('2020-01-01');
    await page.getByLabel('To', { exact: true }).fill('2020-01-02');
    await page.getByRole('button', { name: 'Run query' }).click();
    await results(page).getByText('No values in this range').waitFor();
    await page.getByLabel('To', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Run query' }).click();
    await results(page).getByRole('alert').getByText('Please enter both dates.').waitFor();
    await page.reload();
    await page.getByLabel('Machine').selectOption({ label: 'Press, Line 2' });
    await page.getByLabel('Tag').selectOption({ label: 'spindle.temp' });
    await page.getByLabel('Aggregation').selectOption('none');
    const all = await downloadText(page, () => page.getByRole('button', { name: 'Export CSV' }).click());
    expect(parseCsv(all.text).slice(1)).toEqual(pushed.temps.map((p) => ['Press, Line 2', 'spindle.temp', p.time, String(p.value), '192']));
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('aggregates, and speaks German', async () => {
    const { page, problems } = await openSignedIn(suite.scene(), suite.platform.owner);
    await page.goto(`${suite.platform.baseUrl}/#data-explorer?machineId=${pushed.machineId}&tagId=nope`);
    await switchToGerman(page);
    await page.getByRole('button', { name: 'Abfrage ausführen' }).click();
    await results(page).getByRole('alert').getByText('Bitte wählen Sie ein Tag aus.').waitFor();
    await page.getByLabel('Tag').selectOption({ label: 'spindle.temp' });
    await page.getByLabel('Aggregation').selectOption('count');
    await page.getByLabel('Intervall').selectOption('1d');
    await page.getByRole('button', { name: 'Abfrage ausführen' }).click();
    const table = results(page).getByRole('table', { name: 'Abfrageergebnisse' });
    await table.waitFor();
    const counts = (await table.locator('tbody tr td:nth-child(4)').allTextContents()).map(Number);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(40);
    await fullPageShot(page, `${SHOTS}/data-explorer-desktop-de.png`);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('shows the progress of a long export and cancels it, which stops the query on the server', async () => {
    const start = Date.now() - 6 * 3600_000;
    const n = 100_000;
    await withPlatform(suite.pool, async (db) => {
      await db.query("INSERT INTO tag_configs (org_id, machine_id, path, alias) VALUES ($1, $2, 'vibration', 'vibration')", [suite.platform.orgId, pushed.machineId]);
      await insertPoints(db, {
        machineIds: Array(n).fill(pushed.machineId),
        tags: Array(n).fill('vibration'),
        timestamps: Array.from({ length: n }, (_, i) => new Date(start + i * 50)),
        values: Array.from({ length: n }, (_, i) => i / 8),
        texts: Array(n).fill(null),
        qualities: Array(n).fill(192),
      });
    });
    const { page, problems } = await openSignedIn(suite.scene(), suite.platform.owner);
    await page.goto(`${suite.platform.baseUrl}/#data-explorer?machineId=${pushed.machineId}&tag=vibration`);
    await expect.poll(() => page.getByLabel('Tag').inputValue()).not.toBe('');
    await page.getByLabel('Aggregation').selectOption('none');
    // A slow line (250 kB/s) keeps the 5 MB export running long enough to watch it and cancel it.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: 250_000, uploadThroughput: -1 });
    let downloaded = false;
    page.on('download', () => {
      downloaded = true;
    });
    await page.getByRole('button', { name: 'Export CSV' }).click();
    await page.getByRole('status').getByText(/Exporting… [\d,]+ rows, [\d.]+ (kB|MB) received/).waitFor();
    // A plain screenshot: shot() would wait for the spinner's endless animation.
    await page.screenshot({ path: `${SHOTS}/data-explorer-desktop-exporting.png` });
    const running = () =>
      withPlatform(suite.pool, (db) =>
        db.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND state <> 'idle' AND query LIKE '%to_char(ts AT TIME ZONE%'"),
      ).then((r) => r.rows[0].n as number);
    expect(await running()).toBe(1);
    await page.getByRole('button', { name: 'Cancel export' }).click();
    await page.getByRole('status').getByText('Export canceled.').waitFor();
    await expect.poll(running, { timeout: 5000 }).toBe(0);
    expect(downloaded).toBe(false);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('fits phones and desktops in both themes (screenshots)', async () => {
    for (const [device, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
      for (const theme of ['light', 'dark'] as const) {
        const { page, problems } = await openSignedIn(suite.scene(), suite.platform.owner, { viewport, theme });
        await page.goto(`${suite.platform.baseUrl}/#data-explorer?machineId=${pushed.machineId}&tag=spindle.temp`);
        await expect.poll(() => page.getByLabel('Tag').inputValue()).not.toBe('');
        await page.getByLabel('Aggregation').selectOption('none');
        await page.getByRole('button', { name: 'Run query' }).click();
        await results(page).getByRole('table').waitFor();
        await fullPageShot(page, `${SHOTS}/data-explorer-${device}-${theme}.png`);
        await results(page).getByRole('table').scrollIntoViewIfNeeded();
        await shot(page, `${SHOTS}/data-explorer-${device}-${theme}-results.png`);
        // Nothing wider than the screen, the table included: no sideways scrolling to reach the values.
        expect(await fitsViewport(page)).toBe(true);
        const scroller = results(page).locator('.table-scroll');
        expect(await scroller.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
        expect(problems).toEqual([]);
        await page.context().close();
      }
    }
  });
});
