import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createPool, getSystemConfig, putSystemConfigValue, withPlatform, type Pool } from '@taktwerk/db';
import { generate } from 'otplib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../testing/browser';
import { testDatabase } from '../../testing/context';
import { startTestPlatform, type TestPlatform } from '../../testing/platform';
import { startTestSmtp, type TestSmtp } from '../../testing/smtp';
import { restoreLanding, seedLanding, takeLandingOffline, type LandingSnapshot } from './landing-content';

const SCREENSHOTS = fileURLToPath(new URL('../../screenshots/accounts/', import.meta.url));
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const PASSWORD = 'Werkbank!2026-Test';

let platform: TestPlatform;
let smtp: TestSmtp;
let browser: Browser;
let pool: Pool;

beforeAll(async () => {
  smtp = await startTestSmtp();
  platform = await startTestPlatform({ SMTP_URL: smtp.url });
  browser = await launchChromium();
  pool = createPool(testDatabase().appUrl, { max: 2 });
  mkdirSync(SCREENSHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await platform?.close();
  await smtp?.close();
  await pool?.end();
});

interface OpenPage {
  page: Page;
  problems: string[];
}

async function openPage(
  { viewport = DESKTOP, theme = 'light', locale = 'en-US' }: { viewport?: typeof DESKTOP; theme?: 'light' | 'dark'; locale?: string } = {},
): Promise<OpenPage> {
  const context = await browser.newContext({ viewport, locale });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    // Wrong passwords, codes and the session probe answer 4xx by contract; Chromium logs every failed request.
    if (message.type() === 'error' && !/status of 40[01]/.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  if (theme === 'dark') await context.addInitScript(() => localStorage.setItem('taktwerk.theme', 'dark'));
  await page.goto(`${platform.baseUrl}/#home`);
  return { page, problems };
}

const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENSHOTS}${name}.png`, fullPage: true });
const sidebar = (page: Page) => page.locator('.shell-sidebar');

async function fillLogin(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The code of the step after the current one: inside the ±1 window and later than any code used this step. */
const nextCode = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

describe('accounts in the browser', () => {
  it('signs up a new organization, logs in, enables 2FA from the shown secret, signs out and logs in with password and code', async () => {
    const { page, problems } = await openPage();
    const email = `nora.${randomBytes(4).toString('hex')}@test.taktwerk.local`;
    await page.getByRole('banner').getByRole('button', { name: 'Start Free Trial' }).click();
    await page.getByLabel('Full name').fill('Nora Neu');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Organization name').fill('Neu Werk GmbH');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm password').fill('short');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Password must be at least 8 characters long.').waitFor();
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Please accept the terms and conditions').waitFor();
    await page.getByLabel('I accept the terms and conditions').check();
    await page.getByRole('button', { name: 'Create account' }).click();

    await page.getByText('Your organization is ready. Sign in with your new account.').waitFor();
    await fillLogin(page, email, PASSWORD);
    await sidebar(page).getByText('Neu Werk GmbH').waitFor();
    await sidebar(page).getByRole('link', { name: 'Settings', exact: true }).click();
    await page.getByRole('tab', { name: 'Security' }).click();
    await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    const secret = await page.getByLabel('Key').inputValue();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(await page.getByRole('img', { name: 'QR code for your authenticator app' }).isVisible()).toBe(true);
    await shot(page, 'settings-two-factor-setup-desktop-light');
    const enable = page.getByRole('button', { name: 'Enable', exact: true });
    await page.getByLabel('Code from the app').fill('12 3');
    expect(await page.getByLabel('Code from the app').inputValue()).toBe('123');
    expect(await enable.isDisabled()).toBe(true);
    await page.getByLabel('Code from the app').fill(await generate({ secret }));
    await enable.click();
    await page.getByText('2FA enabled').waitFor();
    await page.locator('.card').getByText('Enabled', { exact: true }).waitFor();

    await sidebar(page).getByRole('link', { name: 'Sign out' }).click();
    await page.waitForURL(/#home$/);
    await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
    await fillLogin(page, email, PASSWORD);
    await page.getByRole('heading', { name: 'Two-factor authentication' }).waitFor();
    const verify = page.getByRole('button', { name: 'Verify' });
    expect(await verify.isDisabled()).toBe(true);
    await page.getByLabel('Authentication code').fill(await nextCode(secret));
    await verify.click();
    await sidebar(page).getByText('Nora Neu').waitFor();
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('sends a wrong code back to the credentials with the spec message', async () => {
    const { page } = await openPage();
    const { email, secret } = await twoFactorUser();
    await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
    await fillLogin(page, email, PASSWORD);
    const now = Math.floor(Date.now() / 1000);
    const valid = await Promise.all([-30, 0, 30].map((offset) => generate({ secret, epoch: now + offset })));
    const wrong = ['000000', '111111', '222222', '333333'].find((code) => !valid.includes(code))!;
    await page.getByLabel('Authentication code').fill(wrong);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Invalid 2FA code');
    expect(await page.getByRole('button', { name: 'Sign in' }).isVisible()).toBe(true);
    await page.context().close();
  });

  it('resets a forgotten password from the mailed link and signs in with the new one', async () => {
    const { page, problems } = await openPage();
    const member = platform.member;
    await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByLabel('Email').fill(member.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();

    const mail = await smtp.waitForMail(member.email);
    expect(mail.subject).toBe('Taktwerk: reset your password');
    const hash = /#reset-password\?token=[\w-]+/.exec(mail.text)?.[0];
    expect(hash).toBeDefined();
    await page.goto(`${platform.baseUrl}/${hash}`);
    await page.getByRole('heading', { name: 'Set a new password' }).waitFor();
    await page.getByLabel('New password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm new password').fill(`${PASSWORD}?`);
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByText('Passwords do not match.').waitFor();
    await page.getByLabel('Confirm new password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByText('Your password has been changed. Sign in with the new one.').waitFor();
    expect(page.url()).not.toContain('token=');

    await fillLogin(page, member.email, PASSWORD);
    await sidebar(page).getByText(member.name).waitFor();
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('lets a person read the reset mail in the development mailbox when no SMTP server is configured', async () => {
    const development = await startTestPlatform({ NODE_ENV: 'development' });
    try {
      const page = await (await browser.newContext({ viewport: DESKTOP, locale: 'en-US' })).newPage();
      await page.goto(`${development.baseUrl}/#home`);
      await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
      await page.getByRole('button', { name: 'Forgot password?' }).click();
      await page.getByLabel('Email').fill(development.owner.email);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await page.getByRole('link', { name: 'Open the development mailbox' }).click();
      await page.getByRole('heading', { name: 'Development mailbox' }).waitFor();
      const mail = page.locator('.dev-mail').filter({ hasText: development.owner.email });
      await mail.getByRole('heading', { name: 'Taktwerk: reset your password' }).waitFor();
      const link = await mail.getByRole('link').getAttribute('href');
      expect(link).toMatch(/#reset-password\?token=twp_/);
      await page.goto(`${development.baseUrl}/${link!.slice(link!.indexOf('#'))}`);
      await page.getByRole('heading', { name: 'Set a new password' }).waitFor();
      await page.context().close();
    } finally {
      await development.close();
    }
  });

  it('signs out after the session timeout without activity, with the inactivity notice', async () => {
    const { page } = await openPage();
    await page.clock.install();
    await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
    await fillLogin(page, platform.admin.email, platform.admin.password);
    await page.locator('.shell').waitFor();
    await page.clock.fastForward('31:00');
    await page.getByText('You have been logged out due to inactivity.').waitFor();
    expect(await page.locator('.shell').count()).toBe(0);
    await page.context().close();
  });
});

/** A fresh owner with two-factor on, enabled through the api; returns the login and the secret. */
async function twoFactorUser(): Promise<{ email: string; secret: string }> {
  const email = `totp.${randomBytes(4).toString('hex')}@test.taktwerk.local`;
  const call = (path: string, body?: unknown, token?: string, cookie?: string) =>
    fetch(`${platform.baseUrl}/api/v1${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...(cookie ? { cookie } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).then(async (res) => ({ status: res.status, json: (await res.json().catch(() => null)) as Record<string, string> }));
  await call('/auth/signup', { name: 'Tom Totp', email, password: PASSWORD, confirmPassword: PASSWORD, organizationName: 'Totp AG', acceptTerms: true });
  const { json: session } = await call('/auth/login', { email, password: PASSWORD });
  const { json: setup } = await call('/me/two-factor/setup', undefined, session.accessToken);
  const enabled = await call('/me/two-factor/enable', { code: await generate({ secret: setup.secret! }) }, session.accessToken);
  expect(enabled.status).toBe(200);
  return { email, secret: setup.secret! };
}

describe('landing page', () => {
  let snapshot: LandingSnapshot | undefined;
  afterAll(async () => {
    if (snapshot) await restoreLanding(pool, snapshot);
  });

  it('shows every empty state, in English and German', async () => {
    snapshot = await takeLandingOffline(pool);
    const { page, problems } = await openPage();
    for (const text of ['No features found.', 'No benefits found.', 'No active plans found.', 'No testimonials found.']) {
      await page.getByText(text, { exact: true }).waitFor();
    }
    expect(await page.getByRole('link', { name: 'Configure the landing page' }).getAttribute('href')).toBe('#preview-config');
    expect(await page.locator('.landing-footer').textContent()).toContain(`© ${new Date().getFullYear()} Taktwerk`);
    await shot(page, 'landing-empty-desktop-light');
    await page.getByRole('banner').getByRole('button', { name: 'DE', exact: true }).click();
    for (const text of ['Keine Funktionen gefunden.', 'Keine Vorteile gefunden.', 'Keine aktiven Tarife gefunden.', 'Keine Kundenstimmen gefunden.']) {
      await page.getByText(text, { exact: true }).waitFor();
    }
    expect(await page.locator('.landing-footer').textContent()).toContain(`© ${new Date().getFullYear()} Taktwerk. Alle Rechte vorbehalten.`);
    await shot(page, 'landing-empty-de-desktop-light');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('shows content from the database in the visitor language: links, features, benefits, plans by price, stars', async () => {
    await seedLanding(pool, snapshot!);
    const activePlans = await withPlatform(pool, (db) =>
      db.query<{ name: string; name_en: string | null }>('SELECT name, name_en FROM plans WHERE is_active ORDER BY price, name'),
    );
    const { page, problems } = await openPage();
    await page.getByRole('heading', { name: 'Live dashboards' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Site sections' }).getByRole('link', { name: 'Pricing' }).getAttribute('href')).toBe('#pricing');
    await page.getByText('Hosted in Germany, GDPR compliant').waitFor();
    expect(await page.locator('.pricing-name').allTextContents()).toEqual(activePlans.rows.map((p) => p.name_en ?? p.name));
    expect(await page.getByRole('button', { name: 'Choose plan' }).count()).toBe(activePlans.rows.length);
    expect(await page.getByRole('img', { name: 'Rated 4 out of 5' }).count()).toBe(1);
    expect(await page.getByRole('img', { name: 'Rated 5 out of 5' }).count()).toBe(2);
    const legal = page.getByRole('navigation', { name: 'Legal and contact' });
    expect(await legal.getByRole('link', { name: 'Impressum' }).getAttribute('href')).toBe('#impressum');

    await page.getByRole('banner').getByRole('button', { name: 'DE', exact: true }).click();
    await page.getByRole('heading', { name: 'Live-Dashboards' }).waitFor();
    await page.getByText('Gehostet in Deutschland, DSGVO-konform').waitFor();
    expect(await page.getByRole('button', { name: 'Tarif wählen' }).count()).toBe(activePlans.rows.length);
    await shot(page, 'landing-de-desktop-light');
    await page.getByRole('banner').getByRole('button', { name: 'EN', exact: true }).click();

    await legal.getByRole('link', { name: 'Impressum' }).click();
    await page.getByRole('heading', { name: 'Impressum', level: 1 }).waitFor();
    await shot(page, 'custom-page-desktop-light');
    await page.goto(`${platform.baseUrl}/#no-such-page`);
    await page.getByRole('heading', { name: '404 — Not Found' }).waitFor();
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('renders a custom page through the allow-list: no script, no handler, no javascript: link', async () => {
    const slug = `check-${randomBytes(3).toString('hex')}`;
    await withPlatform(pool, (db) =>
      db.query('INSERT INTO pages (slug, title, content) VALUES ($1, $2, $3)', [
        slug,
        'Sanitizer Check',
        '<p>Visible text</p><script>window.pwned = 1</script><img src=x onerror="window.pwned = 2"><a href="javascript:window.pwned = 3">Bad link</a><p style="color:red" onclick="window.pwned = 4">Styled</p>',
      ]),
    );
    const { page } = await openPage();
    await page.goto(`${platform.baseUrl}/#${slug.toUpperCase()}`);
    await page.getByRole('heading', { name: 'Sanitizer Check', level: 1 }).waitFor();
    await page.getByText('Visible text').waitFor();
    const content = page.locator('.custom-page-content');
    expect(await content.locator('script, img, [onclick], [style]').count()).toBe(0);
    expect(await content.getByText('Bad link').getAttribute('href')).toBeNull();
    await content.getByText('Styled').click();
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    expect(await page.evaluate(() => document.querySelector('meta[name="description"]')?.getAttribute('content'))).toBe('Visible text');
    await page.context().close();
  });

  it('applies the SEO config to the document: title, description, keywords and favicon', async () => {
    const before = await withPlatform(pool, getSystemConfig);
    const seo = { title: 'Werk Monitor', description: 'Maschinen live überwachen.', keywords: 'iot, opc ua', faviconUrl: 'https://cdn.example.com/icon.png' };
    await withPlatform(pool, (db) => putSystemConfigValue(db, 'seo', seo, null));
    try {
      const { page } = await openPage();
      await expect.poll(() => page.title()).toBe('Werk Monitor');
      const head = await page.evaluate(() => ({
        description: document.querySelector('meta[name="description"]')?.getAttribute('content'),
        keywords: document.querySelector('meta[name="keywords"]')?.getAttribute('content'),
        icon: document.querySelector('link[rel="icon"]')?.getAttribute('href'),
      }));
      expect(head).toEqual({ description: seo.description, keywords: 'iot, opc ua', icon: seo.faviconUrl });
      await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
      await expect.poll(() => page.title()).toBe('Sign in · Werk Monitor');
      await page.context().close();
    } finally {
      await withPlatform(pool, (db) => putSystemConfigValue(db, 'seo', before.seo, null));
    }
  });

  it('renders landing, sign-up, login, 2FA step and settings on phone and desktop in both themes (screenshots)', async () => {
    // One two-factor user per round: each signs in with a fresh code.
    const users = await Promise.all([0, 1, 2, 3].map(() => twoFactorUser()));
    let round = 0;
    for (const [device, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
      for (const theme of ['light', 'dark'] as const) {
        const { email, secret } = users[round++]!;
        const { page, problems } = await openPage({ viewport, theme });
        const name = (screen: string) => `${screen}-${device}-${theme}`;
        await page.getByRole('heading', { name: 'Live dashboards' }).waitFor();
        await shot(page, name('landing'));
        await page.getByRole('button', { name: 'Start Free Trial' }).first().click();
        await page.getByRole('button', { name: 'Create account' }).waitFor();
        await shot(page, name('signup'));
        await page.getByRole('button', { name: 'Sign in', exact: true }).click();
        await page.getByLabel('Email').waitFor();
        await shot(page, name('login'));
        await fillLogin(page, email, PASSWORD);
        await page.getByLabel('Authentication code').waitFor();
        await shot(page, name('two-factor'));
        await page.getByLabel('Authentication code').fill(await nextCode(secret));
        await page.getByRole('button', { name: 'Verify' }).click();
        await page.locator('.shell').waitFor();
        // The account's saved theme applies after sign-in; the header switch sets (and saves) this round's theme.
        if (theme === 'dark') await page.getByRole('button', { name: 'Switch to dark theme' }).click();
        await page.evaluate(() => (window.location.hash = '#settings'));
        for (const tab of ['Profile', 'Security', 'Preferences']) {
          await page.getByRole('tab', { name: tab }).click();
          await page.getByRole('tabpanel').locator('.card').first().waitFor();
          await shot(page, name(`settings-${tab.toLowerCase()}`));
        }
        await page.getByRole('tab', { name: 'Security' }).click();
        expect(await page.getByRole('button', { name: 'Disable two-factor authentication' }).isVisible()).toBe(true);
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        expect(problems).toEqual([]);
        await page.context().close();
      }
    }
  });
});
