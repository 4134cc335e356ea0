import { mkdirSync } from 'node:fs';
import { withPlatform } from '@taktwerk/db';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { addHistory, addWidget, apiCaller, createMachine, ingest, setDailyQuota, startAgent, type SceneMachine, type Value } from './dashboard-scene';
import { DESKTOP, PHONE, fitsViewport, fullPageShot, openSignedIn, registerTenantSuite, resetOrganization, switchToGerman } from './tenant-browser';

const suite = registerTenantSuite();
const SHOTS = '/tmp/shots';
const MINUTE = 60_000;

let press: SceneMachine;
let hydraulics: SceneMachine;
let robot: SceneMachine;

/** One value a minute over the last hour (the newest `endAgo` ago), as a wave around `base`. */
function history(tag: string, base: number, amplitude: number, endAgo = 0): Value[] {
  const end = Date.now() - endAgo;
  return Array.from({ length: 60 }, (_, i) => ({ tag, timestamp: end - (60 - i) * MINUTE, value: Math.round((base + amplitude * Math.sin(i / 6)) * 10) / 10 }));
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  const { platform, pool } = suite;
  await resetOrganization(pool, platform.orgId, { machines: 10, tags: 100 });
  await setDailyQuota(pool, platform.orgId, 1_000_000);
  const api = apiCaller(platform.baseUrl);
  const login = await api.post('/auth/login', { email: platform.owner.email, password: platform.owner.password });
  const token: string = login.json.accessToken;
  press = await createMachine(api, token, 'Press 1', 'Hydraulic press, hall A');
  hydraulics = await createMachine(api, token, 'Press 2', 'Stamping press, hall B');
  robot = await createMachine(api, token, 'Packaging robot');
  await ingest(api, press, [...history('spindle.temp', 62, 6), ...history('spindle.rpm', 1450, 60)]);
  await ingest(api, hydraulics, history('hydraulic.pressure', 180, 15, 20 * MINUTE));
  // The ingest api records the arrival time; Press 2 went quiet 20 minutes ago (offline, its line drops to zero).
  await withPlatform(pool, (db) => db.query("UPDATE machines SET last_data_received = now() - interval '20 minutes' WHERE id = $1", [hydraulics.id]));
  await addWidget(pool, platform.orgId, { machineId: press.id, tag: 'spindle.temp', title: 'Spindle temperature', unit: '°C', position: 0 });
  await addWidget(pool, platform.orgId, { machineId: press.id, tag: 'spindle.rpm', title: 'Spindle speed', unit: 'rpm', position: 1 });
  await addWidget(pool, platform.orgId, { machineId: hydraulics.id, tag: 'hydraulic.pressure', title: 'Hydraulic pressure', unit: 'bar', position: 2 });
  await addHistory(pool, platform.orgId, press.id, hydraulics.id);
});

const widget = (page: Page, title: string) => page.locator('.widget-card').filter({ has: page.getByRole('heading', { name: title }) });
const kpiNumber = async (page: Page, kind: string) => Number((await page.locator(`[data-kpi="${kind}"] .kpi-number`).textContent())!.replace(/\D/g, ''));

/** Clicks the plot at its right edge, where the newest point is, and returns the tooltip. */
async function clickNewestPoint(card: Locator): Promise<Locator> {
  const plot = card.locator('.u-over');
  const box = (await plot.boundingBox())!;
  await plot.click({ position: { x: box.width - 2, y: box.height / 2 } });
  return card.getByRole('dialog', { name: 'Point details' });
}

describe('dashboard', () => {
  it('advances the data-points KPI and a chart live, without a reload; a clicked point shows its tooltip', async () => {
    const { page, problems } = await openSignedIn(suite.scene(), suite.platform.owner);
    await page.goto(`${suite.platform.baseUrl}/#dashboard`);
    const card = widget(page, 'Spindle temperature');
    await card.locator('.u-over').waitFor();
    // The value comes from the chart's data: once it shows, the chart has its points.
    await expect.poll(() => card.getByTestId('widget-value').textContent()).toMatch(/°C$/);
    expect(await card.locator('.chart-empty').count()).toBe(0);
    const before = await kpiNumber(page, 'pointsToday');
    expect(before).toBeGreaterThanOrEqual(180);
    // The newest point before the agent starts is history: a minute old, between 56 and 68 °C.
    const old = await clickNewestPoint(card);
    expect(await old.locator('.chart-tooltip-value').textContent()).toMatch(/^(5[6-9]|6\d)(\.\d)? °C$/);
    await old.getByRole('button', { name: 'Close' }).click();
    await old.waitFor({ state: 'detached' });
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));

    const api = apiCaller(suite.platform.baseUrl);
    const agent = startAgent(api, press, 300, (i) => [{ tag: 'spindle.temp', timestamp: Date.now(), value: 100 + i }]);
    try {
      await expect.poll(() => kpiNumber(page, 'pointsToday'), { timeout: 15_000 }).toBeGreaterThanOrEqual(before + 5);
      await expect.poll(() => card.getByTestId('widget-value').textContent()).toMatch(/^1\d\d °C$/);
    } finally {
      const sent = await agent.stop();
      // Live counting is exact: every point the agent sent, once.
      await expect.poll(() => kpiNumber(page, 'pointsToday'), { timeout: 35_000 }).toBe(before + sent);
      await expect.poll(() => card.getByTestId('widget-value').textContent()).toBe(`${100 + sent - 1} °C`);
    }
    // The chart itself holds the pushed points: the newest point is now one of them.
    const tooltip = await clickNewestPoint(card);
    expect(await tooltip.locator('.chart-tooltip-value').textContent()).toMatch(/^1\d\d °C$/);
    expect(await tooltip.locator('.chart-tooltip-time').textContent()).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
    await tooltip.getByRole('button', { name: 'Close' }).click();
    await tooltip.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('shows offline machines as 0 with a notice, the status grid and Recent Activity; a machine opens on click', async () => {
    const { page, problems } = await openSignedIn(suite.scene(), suite.platform.owner);
    await page.goto(`${suite.platform.baseUrl}/#dashboard`);
    await page.getByRole('status').getByText('2 machines are offline. Their widget values show 0 until they send data again.').waitFor();
    const offline = widget(page, 'Hydraulic pressure');
    expect(await offline.getByTestId('widget-value').textContent()).toBe('0 barOffline');
    expect(await page.locator('[data-kpi="onlineMachines"] .kpi-number').textContent()).toBe('1');
    expect(await page.locator('[data-kpi="onlineMachines"] .kpi-total').textContent()).toBe(' / 3');
    expect(await page.locator('[data-kpi="activeAlerts"] .kpi-number').textContent()).toBe('1');
    expect(await page.locator('[data-kpi="activeAlerts"]').getByText('Critical').count()).toBe(1);

    const activity = page.locator('.activity-list li');
    expect(await activity.locator('.activity-title').allTextContents()).toEqual([
      'Alert “Spindle overheating” triggered',
      'Press 2 went offline',
      'Press 2 came online',
      'Press 1 came online',
    ]);
    const tile = page.locator(`.status-tile[data-machine-id="${robot.id}"]`);
    expect(await tile.textContent()).toContain('Last update: never');
    expect(await page.locator(`.status-tile[data-machine-id="${press.id}"]`).textContent()).toContain('1 open alert');
    await tile.click();
    await page.waitForURL(new RegExp(`#machines\\?machineId=${robot.id}$`));
    expect(problems).toEqual([]);
    await page.context().close();
  });

  for (const viewport of ['desktop', 'phone'] as const) {
    for (const theme of ['light', 'dark'] as const) {
      it(`looks right on ${viewport} in the ${theme} theme, in English and German`, async () => {
        const size = viewport === 'desktop' ? DESKTOP : PHONE;
        const { page, problems } = await openSignedIn(suite.scene(), suite.platform.owner, { viewport: size, theme });
        await page.goto(`${suite.platform.baseUrl}/#dashboard`);
        await widget(page, 'Spindle speed').locator('.u-over').waitFor();
        await expect.poll(() => page.getByTestId('widget-value').allTextContents()).not.toContain('–');
        expect(await page.locator('.chart-empty').count()).toBe(0);
        expect(await fitsViewport(page)).toBe(true);
        await fullPageShot(page, `${SHOTS}/dashboard-${viewport}-${theme}-en.png`);
        await switchToGerman(page);
        await page.getByRole('heading', { name: 'Letzte Aktivitäten' }).waitFor();
        expect(await fitsViewport(page)).toBe(true);
        await fullPageShot(page, `${SHOTS}/dashboard-${viewport}-${theme}-de.png`);
        expect(problems).toEqual([]);
        await page.context().close();
      });
    }
  }
});
