import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createPool, refreshMachineAndTagUsage, withPlatform, type Pool } from '@taktwerk/db';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium } from '../../testing/browser';
import { testDatabase } from '../../testing/context';
import { startTestPlatform, type TestPlatform } from '../../testing/platform';
import type { TestLogin } from '../../testing/fixtures';

// Shared by the machines, API keys and agent browser tests.

export const DESKTOP = { width: 1440, height: 900 };
export const PHONE = { width: 390, height: 844 };

export interface SignedInPage {
  page: Page;
  /** Console errors and uncaught exceptions seen so far. */
  problems: string[];
}

export interface TenantScene {
  browser: Browser;
  baseUrl: string;
  pool: Pool;
}

/**
 * A fresh context (own cookies, clipboard access) signed in as `login` through the login form, in English and the
 * given theme: both are the user's saved preferences, which the app applies after sign-in.
 */
export async function openSignedIn(
  { browser, baseUrl, pool }: TenantScene,
  login: TestLogin,
  { viewport = DESKTOP, theme = 'light' }: { viewport?: typeof DESKTOP; theme?: 'light' | 'dark' } = {},
): Promise<SignedInPage> {
  await withPlatform(pool, (db) =>
    db.query(
      `INSERT INTO user_preferences (user_id, org_id, theme, language) SELECT id, org_id, $2, 'en' FROM users WHERE id = $1
       ON CONFLICT (user_id) DO UPDATE SET theme = excluded.theme, language = excluded.language`,
      [login.id, theme],
    ),
  );
  const context = await browser.newContext({ viewport, locale: 'en-US' });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    // The session probe before sign-in answers 401 by contract; Chromium logs every failed request.
    if (message.type() === 'error' && !/status of 401/.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(`${baseUrl}/#home`);
  await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
  await page.getByLabel('Email').fill(login.email);
  await page.getByLabel('Password', { exact: true }).fill(login.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.locator('.shell').waitFor();
  return { page, problems };
}

/** Switches the signed-in UI to German with the header's language switch. */
export async function switchToGerman(page: Page): Promise<void> {
  await page.locator('.shell-header').getByRole('button', { name: 'DE' }).click();
  await page.waitForFunction(() => document.documentElement.lang === 'de');
}

/** `screenshots/<feature>/<name>.png`, the directory created on first use. */
export function screenshotPath(feature: string, name: string): string {
  const dir = fileURLToPath(new URL(`../../screenshots/${feature}/`, import.meta.url));
  mkdirSync(dir, { recursive: true });
  return `${dir}${name}.png`;
}

/** The test platform's database, to arrange data the screens then show. */
export function platformDatabase(): Pool {
  return createPool(testDatabase().appUrl, { max: 2 });
}

/** Gives the organization a clean slate: no machines or keys, the given limits. */
export async function resetOrganization(pool: Pool, orgId: string, limits: { machines: number; tags?: number }): Promise<void> {
  await withPlatform(pool, async (db) => {
    await db.query('DELETE FROM machines WHERE org_id = $1', [orgId]);
    await db.query('DELETE FROM api_keys WHERE org_id = $1', [orgId]);
    await db.query('UPDATE organizations SET usage_limits = usage_limits || $2::jsonb WHERE id = $1', [orgId, JSON.stringify(limits)]);
    await refreshMachineAndTagUsage(db, orgId);
  });
}

/**
 * A full-page screenshot from the top with nothing focused: a scrolled page would show its sticky header and the
 * focused skip link in the middle of the image.
 */
export async function fullPageShot(page: Page, path: string): Promise<void> {
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  await shot(page, path, { fullPage: true });
}

/** A screenshot once every animation (a dialog fading in) has finished. */
export async function shot(page: Page, path: string, options: { fullPage?: boolean } = {}): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  await page.screenshot({ path, ...options });
}

/** Waits for a download started by `click` and returns the file's text and suggested name. */
export async function downloadText(page: Page, click: () => Promise<void>): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return { name: download.suggestedFilename(), text: Buffer.concat(chunks).toString('utf8') };
}

/** True when nothing on the page is wider than the viewport (no sideways scrolling on phones). */
export function fitsViewport(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

export interface TenantSuite {
  platform: TestPlatform;
  pool: Pool;
  scene(): TenantScene;
}

/** Registers the suite lifecycle every tenant browser test shares: platform, Chromium and a pool, closed after. */
export function registerTenantSuite(): TenantSuite {
  let browser: Browser | undefined;
  const suite = {
    scene: () => ({ browser: browser!, baseUrl: suite.platform.baseUrl, pool: suite.pool }),
  } as TenantSuite;
  beforeAll(async () => {
    suite.platform = await startTestPlatform();
    browser = await launchChromium();
    suite.pool = platformDatabase();
  });
  afterAll(async () => {
    await browser?.close();
    await suite.pool?.end();
    await suite.platform?.close();
  });
  return suite;
}
