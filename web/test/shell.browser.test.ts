import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../testing/browser';
import type { TestLogin } from '../../testing/fixtures';
import { startTestPlatform, type TestPlatform } from '../../testing/platform';

const SCREENSHOTS = fileURLToPath(new URL('../../screenshots/', import.meta.url));
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

let platform: TestPlatform;
let browser: Browser;

beforeAll(async () => {
  platform = await startTestPlatform();
  browser = await launchChromium();
  mkdirSync(SCREENSHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await platform?.close();
});

interface OpenPage {
  page: Page;
  /** Console errors and uncaught exceptions seen so far. */
  problems: string[];
}

/** A fresh browser context (own cookies and storage), English, optionally dark from the start. */
async function openPage(viewport = DESKTOP, theme: 'light' | 'dark' = 'light'): Promise<OpenPage> {
  const context = await browser.newContext({ viewport, locale: 'en-US' });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    // The session probe on load and a wrong password answer 401 by contract; Chromium logs every failed request.
    const expected401 = /status of 401/.test(message.text());
    if (message.type() === 'error' && !expected401) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  if (theme === 'dark') await context.addInitScript(() => localStorage.setItem('taktwerk.theme', 'dark'));
  await page.goto(`${platform.baseUrl}/#home`);
  return { page, problems };
}

async function signIn(page: Page, login: TestLogin): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
  await page.getByLabel('Email').fill(login.email);
  await page.getByLabel('Password', { exact: true }).fill(login.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.locator('.shell').waitFor();
}

const sidebar = (page: Page) => page.locator('.shell-sidebar');

/** Every visible text node on the page, trimmed. */
function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const texts: string[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const element = node.parentElement;
      if (text && element && element.checkVisibility() && element.closest('.visually-hidden') === null) texts.push(text);
    }
    return texts;
  });
}

describe('web shell', () => {
  it('shows the landing page at #home with its hero and actions', async () => {
    const { page, problems } = await openPage();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Every machine. Every signal. In real time.');
    await expect.poll(() => page.getByRole('button', { name: 'Start Free Trial' }).count()).toBeGreaterThan(0);
    expect(await page.getByRole('banner').getByRole('button', { name: 'Login' }).isVisible()).toBe(true);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('shows the 404 page with the requested slug for an unknown route', async () => {
    const { page, problems } = await openPage();
    await page.goto(`${platform.baseUrl}/#No Such Page`);
    const heading = page.getByRole('heading', { name: '404 — Not Found' });
    await heading.waitFor();
    expect(await page.getByText('The page “no-such-page” could not be found.').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Go to Home' }).getAttribute('href')).toBe('#home');
    await page.getByRole('button', { name: 'Go Back' }).click();
    await page.waitForURL(/#home$/);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('rejects a wrong password inline', async () => {
    const { page } = await openPage();
    await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
    await page.getByLabel('Email').fill(`  ${platform.owner.email}  `);
    await page.getByLabel('Password', { exact: true }).fill('definitely-wrong');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Invalid email or password.');
    await page.context().close();
  });

  it('gives the owner the tenant menu, switches language and theme, keeps the session on reload, signs out', async () => {
    const { page, problems } = await openPage();
    await signIn(page, platform.owner);
    await page.waitForURL(/#dashboard$/);
    const nav = sidebar(page).getByRole('navigation');
    for (const entry of ['Dashboard', 'Machines', 'Alerts', 'API keys', 'Billing', 'Settings']) {
      expect(await nav.getByRole('link', { name: entry, exact: true }).isVisible(), entry).toBe(true);
    }
    expect(await nav.getByRole('link', { name: 'Organizations' }).count()).toBe(0);
    expect(await sidebar(page).getByText(platform.owner.name).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Choose a plan' }).getAttribute('href')).toBe('#billing');

    // The access token lives in memory only: a reload restores the session from the refresh cookie.
    await page.reload();
    await sidebar(page).getByRole('link', { name: 'Machines', exact: true }).waitFor();

    const english = await visibleTexts(page);
    await page.locator('.shell-header').getByRole('button', { name: 'DE' }).click();
    await sidebar(page).getByRole('link', { name: 'Maschinen', exact: true }).waitFor();
    const german = await visibleTexts(page);
    // Names, language codes, figures and words spelled alike in both languages ('Normal') stay; every other text must change.
    const neutral = new Set(['Taktwerk', 'EN', 'DE', 'Team', 'Normal', platform.owner.name, 'TO']);
    const figure = /^[\d\s.,:/%+■–-]*$/;
    const unchanged = english.filter(
      (text) => german.includes(text) && !neutral.has(text) && !figure.test(text) && !text.startsWith('Test Org'),
    );
    expect(unchanged).toEqual([]);
    for (const text of ['Übersicht', 'Alarme', 'Einstellungen', 'Abmelden', 'Inhaber', 'Datenpunkte heute']) {
      expect(german, text).toContain(text);
    }
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');

    await page.getByRole('button', { name: 'Dunkles Design aktivieren' }).click();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('taktwerk.theme'))).toBe('dark');

    await sidebar(page).getByRole('link', { name: 'Abmelden' }).click();
    await page.waitForURL(/#home$/);
    await page.getByRole('heading', { name: 'Jede Maschine. Jedes Signal. In Echtzeit.' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem('taktwerk.theme'))).toBeNull();
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.locator('.shell').count()).toBe(0);

    // Language and theme are saved to the owner's preferences: put them back for the tests that follow.
    await page.getByRole('banner').getByRole('button', { name: 'EN', exact: true }).click();
    await signIn(page, platform.owner);
    await page.locator('.shell-header').getByRole('button', { name: 'EN', exact: true }).click();
    await page.locator('.shell-header').getByRole('button', { name: /light/i }).click();
    await page.waitForFunction(() => !document.documentElement.classList.contains('dark'));
    await sidebar(page).getByRole('link', { name: 'Sign out' }).click();
    await page.waitForURL(/#home$/);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('filters the tenant menu by permission for a member', async () => {
    const { page, problems } = await openPage();
    await signIn(page, platform.member);
    // Without the dashboard's permission the member lands on the first screen of the menu, not on a refusal.
    await page.waitForURL(/#machines$/);
    const nav = sidebar(page).getByRole('navigation');
    expect(await nav.getByRole('link', { name: 'Machines', exact: true }).isVisible()).toBe(true);
    for (const hidden of ['Dashboard', 'Billing', 'Team', 'Settings']) {
      expect(await nav.getByRole('link', { name: hidden, exact: true }).count(), hidden).toBe(0);
    }
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('gives the platform admin only the admin menu', async () => {
    const { page, problems } = await openPage();
    await signIn(page, platform.admin);
    await page.waitForURL(/#admin-dashboard$/);
    const nav = sidebar(page).getByRole('navigation');
    for (const entry of ['Admin dashboard', 'Organizations', 'Users', 'Plans', 'Translations', 'Support']) {
      expect(await nav.getByRole('link', { name: entry, exact: true }).isVisible(), entry).toBe(true);
    }
    for (const tenantEntry of ['Machines', 'Alerts', 'Billing']) {
      expect(await nav.getByRole('link', { name: tenantEntry, exact: true }).count(), tenantEntry).toBe(0);
    }
    // Billing banners are for customers only.
    expect(await page.locator('.banner').count()).toBe(0);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('opens the sidebar as a drawer on phones and closes it with Escape', async () => {
    const { page } = await openPage(PHONE);
    await signIn(page, platform.owner);
    expect(await sidebar(page).isVisible()).toBe(false);
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    await menuButton.click();
    const drawer = page.getByRole('dialog', { name: 'Main navigation' });
    await drawer.getByRole('link', { name: 'Machines', exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => drawer.isVisible()).toBe(false);
    expect(await menuButton.evaluate((button) => button === document.activeElement)).toBe(true);
    await page.context().close();
  });

  it('renders landing, login, 404 and shell on phone and desktop in both themes (screenshots)', async () => {
    for (const [device, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
      for (const theme of ['light', 'dark'] as const) {
        const { page, problems } = await openPage(viewport, theme);
        const shot = (name: string) => page.screenshot({ path: `${SCREENSHOTS}${name}-${device}-${theme}.png`, fullPage: true });
        await page.getByRole('heading', { level: 1 }).waitFor();
        await shot('landing');
        await page.goto(`${platform.baseUrl}/#no-such-page`);
        await page.getByRole('heading', { name: '404 — Not Found' }).waitFor();
        await shot('404');
        await page.goto(`${platform.baseUrl}/#home`);
        await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
        await page.getByRole('button', { name: 'Sign in' }).waitFor();
        await shot('login');
        await page.getByLabel('Email').fill(platform.owner.email);
        await page.getByLabel('Password', { exact: true }).fill(platform.owner.password);
        await page.getByRole('button', { name: 'Sign in' }).click();
        await page.locator('.shell').waitFor();
        await shot('shell');
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        expect(problems).toEqual([]);
        await page.context().close();
      }
    }
  });
});
