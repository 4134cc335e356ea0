import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, fitsViewport, fullPageShot, openSignedIn, registerTenantSuite, resetOrganization, shot, switchToGerman } from './tenant-browser';

const suite = registerTenantSuite();
const SHOTS = '/tmp/shots';

interface Seeded {
  machineId: string;
  token: string;
  call: (method: string, path: string, body?: unknown) => Promise<{ status: number; json: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any
}
let seeded: Seeded;

/** Machine 'Press 7' with 60 values of spindle.temp (°C, 20 … 49.5) and pressure over the last hour, pushed through ingest. */
async function seed(): Promise<Seeded> {
  const { owner, baseUrl } = suite.platform;
  const request = async (method: string, path: string, body?: unknown, token?: string) => {
    const headers = { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) };
    const res = await fetch(`${baseUrl}/api/v1${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: res.status, json: res.status === 204 ? null : await res.json() };
  };
  const login = await request('POST', '/auth/login', { email: owner.email, password: owner.password });
  const call: Seeded['call'] = (method, path, body) => request(method, path, body, login.json.accessToken);
  const machine = await call('POST', '/machines', { name: 'Press 7', location: 'Hall 3' });
  expect(machine.status).toBe(201);
  const machineId: string = machine.json.machine.id;
  const now = Date.now();
  const values = Array.from({ length: 60 }, (_, i) => [
    { tag: 'spindle.temp', timestamp: new Date(now - (60 - i) * 60_000).toISOString(), value: 20 + i * 0.5 },
    { tag: 'pressure', timestamp: new Date(now - (60 - i) * 60_000).toISOString(), value: 4 + (i % 5) / 10 },
  ]).flat();
  const ingest = await request('POST', '/ingest', { machineId, values }, machine.json.token);
  expect(ingest.json.accepted).toBe(120);
  const tags = (await call('GET', `/machines/${machineId}/tags`)).json.tags as { id: string; alias: string }[];
  await call('PATCH', `/machines/${machineId}/tags/${tags.find((t) => t.alias === 'spindle.temp')!.id}`, { unit: '°C' });
  return { machineId, token: login.json.accessToken, call };
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  await resetOrganization(suite.pool, suite.platform.orgId, { machines: 3, tags: 100 });
  seeded = await seed();
});

const card = (page: Page, title: string) => page.getByRole('article', { name: title });
const cardTitles = (page: Page) => page.locator('.analytics-card-title').allTextContents();

async function openAnalytics(page: Page): Promise<void> {
  await page.goto(`${suite.platform.baseUrl}/#analytics`);
  await page.locator('.analytics-page').waitFor();
}

async function addWidget(page: Page, choice: { type: string; tag: string; aggregation?: string; title?: string }): Promise<void> {
  await page.locator('.analytics-toolbar').getByRole('button', { name: 'Add widget' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add widget' });
  await dialog.getByLabel('Widget type').selectOption({ label: choice.type });
  await dialog.getByLabel('Machine').selectOption({ label: 'Press 7' });
  await dialog.getByLabel('Tag').selectOption(choice.tag);
  if (choice.aggregation) await dialog.getByLabel('Aggregation').selectOption({ label: choice.aggregation });
  if (choice.title) await dialog.getByLabel('Title').fill(choice.title);
  await dialog.getByRole('button', { name: 'Add widget' }).click();
  await page.getByRole('status').filter({ hasText: 'Widget added' }).last().waitFor();
  await dialog.waitFor({ state: 'hidden' });
}

describe('analytics screen', () => {
  it('adds, hides, shows, moves and deletes widgets, and every change survives a reload', async () => {
    const { page, problems } = await openSignedIn(suite.scene(), suite.platform.owner);
    await openAnalytics(page);
    await page.getByText('No widgets yet').waitFor();
    expect(await page.getByLabel('Time range').inputValue()).toBe('24h');

    // Machine and tag are required, with the spec's message.
    await page.locator('.analytics-toolbar').getByRole('button', { name: 'Add widget' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add widget' });
    await dialog.getByRole('button', { name: 'Add widget' }).click();
    await dialog.getByText('Please select machine and tag.').waitFor();
    await shot(page, `${SHOTS}/analytics-desktop-add-dialog.png`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await addWidget(page, { type: 'Metric', tag: 'spindle.temp', aggregation: 'Maximum' });
    const metric = card(page, 'Press 7 • spindle.temp');
    await expect.poll(() => metric.locator('.analytics-metric-value').textContent()).toBe('49.5 °C');
    expect(await metric.getByText('Maximum · Last 24 hours').isVisible()).toBe(true);
    await addWidget(page, { type: 'Chart', tag: 'pressure', title: 'Line pressure' });
    await card(page, 'Line pressure').locator('canvas').first().waitFor();
    await addWidget(page, { type: 'Table', tag: 'spindle.temp', aggregation: 'Average', title: 'Recent temperatures' });
    await expect.poll(() => card(page, 'Recent temperatures').locator('tbody tr').count()).toBe(8);
    await page.reload();
    await metric.waitFor();
    expect(await cardTitles(page)).toEqual(['Press 7 • spindle.temp', 'Line pressure', 'Recent temperatures']);

    // Hide: gone from the grid, back with 'Show hidden widgets' (marked), shown again; each state stored.
    await metric.getByRole('button', { name: 'Hide widget' }).click();
    await metric.waitFor({ state: 'detached' });
    await page.reload();
    await card(page, 'Line pressure').waitFor();
    expect(await cardTitles(page)).toEqual(['Line pressure', 'Recent temperatures']);
    await page.getByRole('switch', { name: 'Show hidden widgets' }).check();
    await metric.getByText('Hidden', { exact: true }).waitFor();
    await metric.getByRole('button', { name: 'Show widget' }).click();
    await expect.poll(() => metric.getByText('Hidden', { exact: true }).count()).toBe(0);
    await metric.getByRole('checkbox', { name: 'Show on dashboard' }).check();
    await metric.getByText('On dashboard', { exact: true }).waitFor();
    await page.reload();
    await metric.waitFor();
    expect(await metric.getByRole('checkbox', { name: 'Show on dashboard' }).isChecked()).toBe(true);
    expect(await page.getByRole('switch', { name: 'Show hidden widgets' }).isChecked()).toBe(false);

    // Positions are kept: move the table to the front.
    await card(page, 'Recent temperatures').getByRole('button', { name: 'Move earlier' }).click();
    await card(page, 'Recent temperatures').getByRole('button', { name: 'Move earlier' }).click();
    await expect.poll(() => cardTitles(page)).toEqual(['Recent temperatures', 'Press 7 • spindle.temp', 'Line pressure']);
    await page.reload();
    await metric.waitFor();
    expect(await cardTitles(page)).toEqual(['Recent temperatures', 'Press 7 • spindle.temp', 'Line pressure']);

    // Delete asks first; cancel keeps the widget.
    await card(page, 'Line pressure').getByRole('button', { name: 'Delete widget' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete widget' });
    await confirm.getByText('Delete the widget “Line pressure”? This cannot be undone.').waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await card(page, 'Line pressure').getByRole('button', { name: 'Delete widget' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('status').filter({ hasText: 'Widget deleted' }).waitFor();
    await page.reload();
    await metric.waitFor();
    expect(await cardTitles(page)).toEqual(['Recent temperatures', 'Press 7 • spindle.temp']);
    const stored = (await seeded.call('GET', '/analytics/widgets')).json.widgets;
    expect(stored.map((w: { title: string; visible: boolean; visibleDashboard: boolean }) => [w.title, w.visible, w.visibleDashboard])).toEqual([
      ['Recent temperatures', true, false],
      ['Press 7 • spindle.temp', true, true],
    ]);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("edits a widget, and shows 'Update failed' and 'Delete failed' when the api refuses", async () => {
    const { page } = await openSignedIn(suite.scene(), suite.platform.owner);
    const { widget } = (await seeded.call('POST', '/analytics/widgets', { machineId: seeded.machineId, tagAlias: 'pressure', title: 'Doomed' })).json;
    await openAnalytics(page);
    const doomed = card(page, 'Doomed');
    await doomed.getByRole('button', { name: 'Edit widget' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit widget' });
    // The tag list loads with the dialog; the widget's tag is then the one chosen.
    await expect.poll(() => dialog.getByLabel('Tag').inputValue()).toBe('pressure');
    await dialog.getByLabel('Title').fill('');
    await dialog.getByLabel('Widget type').selectOption({ label: 'Metric' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Widget saved' }).waitFor();
    const renamed = card(page, 'Press 7 • pressure');
    await renamed.locator('.analytics-metric-value').waitFor();

    // Deleted behind the screen's back: the deletion and a toggle fail with the spec's toasts, and the list catches up.
    const { widget: gone } = (await seeded.call('POST', '/analytics/widgets', { machineId: seeded.machineId, tagAlias: 'pressure', title: 'Gone' })).json;
    await page.getByRole('button', { name: 'Refresh', exact: true }).click();
    await card(page, 'Gone').waitFor();
    expect((await seeded.call('DELETE', `/analytics/widgets/${gone.id}`)).status).toBe(204);
    await card(page, 'Gone').getByRole('button', { name: 'Delete widget' }).click();
    await page.getByRole('alertdialog', { name: 'Delete widget' }).getByRole('button', { name: 'Delete' }).click();
    const deleteFailed = page.getByRole('alert').filter({ hasText: 'Delete failed' });
    await deleteFailed.waitFor();
    expect(await deleteFailed.textContent()).toContain('Widget not found.');
    await card(page, 'Gone').waitFor({ state: 'detached' });
    expect((await seeded.call('DELETE', `/analytics/widgets/${widget.id}`)).status).toBe(204);
    await renamed.getByRole('button', { name: 'Hide widget' }).click();
    await page.getByRole('alert').filter({ hasText: 'Update failed' }).waitFor();
    await renamed.waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('lets a member look at widgets without any controls to change them', async () => {
    const { page, problems } = await openSignedIn(suite.scene(), suite.platform.member);
    await openAnalytics(page);
    await card(page, 'Recent temperatures').waitFor();
    // Sign-in lands on #dashboard, which members (no org:read) may not load: only what happens here counts.
    problems.length = 0;
    expect(await page.getByRole('button', { name: 'Add widget' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Tag configuration' }).count()).toBe(0);
    expect(await page.locator('.analytics-card-footer').count()).toBe(0);
    // The range changes what every widget reads.
    await page.getByLabel('Time range').selectOption({ label: 'Last hour' });
    await card(page, 'Recent temperatures').getByText('Average · Last hour').waitFor();
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("edits a tag's configuration from the analytics screen", async () => {
    const { page, problems } = await openSignedIn(suite.scene(), suite.platform.owner);
    await openAnalytics(page);
    await page.getByRole('button', { name: 'Tag configuration' }).click();
    const dialog = page.getByRole('dialog', { name: 'Tag configuration' });
    await dialog.getByLabel('Tag', { exact: true }).selectOption({ label: 'pressure' });
    const form = dialog.getByRole('form', { name: 'pressure' });
    await form.getByLabel('Unit').fill('bar');
    await form.getByLabel('Sample interval (ms)').fill('50');
    await form.getByRole('button', { name: 'Save tag' }).click();
    await form.getByText('At least 100 ms.').first().waitFor();
    await form.getByLabel('Sample interval (ms)').fill('500');
    await form.getByRole('button', { name: 'Save tag' }).click();
    await page.getByRole('status').filter({ hasText: 'Tag saved' }).waitFor();
    await shot(page, `${SHOTS}/analytics-desktop-tag-config.png`);
    const tags = (await seeded.call('GET', `/machines/${seeded.machineId}/tags`)).json.tags as { alias: string; unit: string; sampleIntervalMs: number }[];
    expect(tags.find((t) => t.alias === 'pressure')).toMatchObject({ unit: 'bar', sampleIntervalMs: 500 });
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('renders in both themes and languages on phone and desktop (screenshots)', async () => {
    const add = (body: object) => seeded.call('POST', '/analytics/widgets', { machineId: seeded.machineId, ...body });
    await add({ type: 'chart', tagAlias: 'spindle.temp', title: 'Spindle temperature' });
    await add({ type: 'metric', tagAlias: 'pressure', aggregation: 'count', visible: false });
    for (const [device, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
      for (const theme of ['light', 'dark'] as const) {
        for (const language of ['en', 'de'] as const) {
          const { page, problems } = await openSignedIn(suite.scene(), suite.platform.owner, { viewport, theme });
          if (language === 'de') await switchToGerman(page);
          await openAnalytics(page);
          await page.getByRole('switch').check();
          await page.locator('.analytics-metric-value').first().waitFor();
          await page.locator('.analytics-card canvas').first().waitFor().catch(() => undefined);
          await fullPageShot(page, `${SHOTS}/analytics-${device}-${theme}-${language}.png`);
          expect(await fitsViewport(page), `${device} ${theme} ${language}`).toBe(true);
          expect(problems).toEqual([]);
          await page.context().close();
        }
      }
    }
  });
});
