import { randomBytes } from 'node:crypto';
import { clampRating, landingContentSchema } from '@taktwerk/common';
import { withPlatform } from '@taktwerk/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../../../testing/api-server';
import { TestClient } from '../../../../testing/http';

// Landing content is platform-wide and other test files may add rows too: each test looks only at its own
// records, marked with a unique tag, and never deletes what it did not insert.

let api: TestApi;
const tag = randomBytes(4).toString('hex');

beforeAll(async () => {
  api = await startTestApi();
  await withPlatform(api.deps.pool, async (db) => {
    await db.query(
      `INSERT INTO preview_features (icon_name, title, title_en, description, description_en, "order") VALUES
         ('gauge', $1 || ' Zweite', $1 || ' Second', 'Beschreibung', 'Description', 900002),
         ('bell', $1 || ' Erste', NULL, 'Nur deutsch', NULL, 900001)`,
      [tag],
    );
    await db.query(`INSERT INTO preview_benefits (text, text_en, "order") VALUES ($1 || ' Vorteil', $1 || ' Benefit', 900001)`, [tag]);
    await db.query(
      `INSERT INTO preview_testimonials (name, name_en, company, role, content, content_en, rating, "order")
       VALUES ($1 || ' Anna', NULL, 'Werk AG', 'Leitung', 'Sehr gut', 'Very good', 4, 900001)`,
      [tag],
    );
    await db.query(`INSERT INTO header_links (label, url, "order", is_external) VALUES ($1 || ' Docs', 'https://docs.example.com', 900001, true)`, [tag]);
    await db.query(`INSERT INTO footer_links (label, url, "order", is_external) VALUES ($1 || ' Impressum', '#impressum', 900001, false)`, [tag]);
    await db.query(
      `INSERT INTO plans (id, name, name_en, price, currency, interval, features, is_active) VALUES
         ($1 || '_b', 'Profi ' || $1, 'Pro ' || $1, 49.5, 'EUR', 'month', '{"machineLimit": 10, "apiAccess": true, "note": "x"}', true),
         ($1 || '_a', 'Basis ' || $1, NULL, 9, 'EUR', 'month', '{}', true),
         ($1 || '_off', 'Alt ' || $1, NULL, 1, 'EUR', 'month', '{}', false)`,
      [`p${tag}`],
    );
    await db.query(`INSERT INTO pages (slug, title, content) VALUES ($1, 'Über uns', '<p>Hallo</p>')`, [`about-${tag}`]);
  });
});
afterAll(async () => api.close());

const get = (path: string) => new TestClient(api.baseUrl).request('GET', path);
const landing = async (query = '') => landingContentSchema.parse((await get(`/api/v1/public/landing${query}`)).json);
/** This file's records only (other files may add landing content at the same time). */
const mine = <T,>(items: T[], field: keyof T) => items.filter((item) => String(item[field]).includes(tag));

describe('landing content', () => {
  it('is public and in English: *_en fields where filled, German otherwise, in their order', async () => {
    expect((await get('/api/v1/public/landing?lang=en')).status).toBe(200);
    const content = await landing('?lang=en');
    expect(mine(content.features, 'title').map((f) => f.title)).toEqual([`${tag} Erste`, `${tag} Second`]);
    expect(mine(content.features, 'title')[1]).toMatchObject({ iconName: 'gauge', description: 'Description' });
    expect(mine(content.benefits, 'text')).toEqual([{ id: expect.any(String), text: `${tag} Benefit` }]);
    expect(mine(content.testimonials, 'name')).toEqual([
      { id: expect.any(String), name: `${tag} Anna`, company: 'Werk AG', role: 'Leitung', content: 'Very good', rating: 4 },
    ]);
    expect(mine(content.headerLinks, 'label')).toEqual([{ id: expect.any(String), label: `${tag} Docs`, url: 'https://docs.example.com', isExternal: true }]);
    expect(mine(content.footerLinks, 'label')).toMatchObject([{ url: '#impressum', isExternal: false }]);
  });

  it('is in German with lang=de', async () => {
    const content = await landing('?lang=de');
    expect(mine(content.features, 'title').map((f) => f.title)).toEqual([`${tag} Erste`, `${tag} Zweite`]);
    expect(mine(content.testimonials, 'name').map((t) => t.content)).toEqual(['Sehr gut']);
    expect(mine(content.plans, 'name').map((p) => p.name)).toEqual([`Basis p${tag}`, `Profi p${tag}`]);
  });

  it('lists only active plans, by ascending price, with numeric prices and only number or flag features', async () => {
    const content = await landing('?lang=en');
    const prices = content.plans.map((p) => p.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const plans = mine(content.plans, 'id');
    expect(plans.map((p) => p.id)).toEqual([`p${tag}_a`, `p${tag}_b`]);
    expect(plans[1]).toEqual({
      id: `p${tag}_b`,
      name: `Pro p${tag}`,
      price: 49.5,
      currency: 'EUR',
      interval: 'month',
      features: { machineLimit: 10, apiAccess: true },
    });
  });

  it('defaults to English and refuses unknown languages and parameters', async () => {
    expect(mine((await landing()).features, 'title').map((f) => f.title)).toEqual([`${tag} Erste`, `${tag} Second`]);
    expect((await get('/api/v1/public/landing?lang=fr')).status).toBe(400);
    expect((await get('/api/v1/public/landing?lang=en&x=1')).status).toBe(400);
  });

  it('clamps star ratings to 1..5 and defaults to 5', () => {
    expect([clampRating(0), clampRating(7), clampRating(3.4), clampRating(null), clampRating(Number.NaN)]).toEqual([1, 5, 3, 5, 5]);
  });
});

describe('public config', () => {
  it('gives registration, maintenance, the password policy and SEO with keywords as a list', async () => {
    const res = await get('/api/v1/public/config');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      registrationEnabled: expect.any(Boolean),
      maintenanceMode: expect.any(Boolean),
      passwordPolicy: { minLength: expect.any(Number), requireSpecialChars: expect.any(Boolean) },
      devMailbox: false,
      seo: { title: expect.any(String), description: expect.any(String), keywords: expect.any(Array), faviconUrl: expect.any(String) },
    });
  });
});

describe('custom pages', () => {
  it('finds a page by slug case-insensitively', async () => {
    const res = await get(`/api/v1/public/pages?slug=ABOUT-${tag.toUpperCase()}`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ page: { slug: `about-${tag}`, title: 'Über uns', content: '<p>Hallo</p>', updatedAt: expect.any(String) } });
  });

  it('answers page null for an unknown slug and 400 for a malformed or missing one', async () => {
    const missing = await get(`/api/v1/public/pages?slug=missing-${tag}`);
    expect(missing.status).toBe(200);
    expect(missing.json).toEqual({ page: null });
    expect((await get('/api/v1/public/pages?slug=%3Cscript%3E')).status).toBe(400);
    expect((await get('/api/v1/public/pages')).status).toBe(400);
  });
});
