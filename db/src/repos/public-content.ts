import type { Queryable } from '../pool';

// Landing-page content and custom pages as visitors read them. These tables are platform-wide (no tenant column).

export interface LandingFeatureRow {
  id: string;
  icon_name: string;
  title: string;
  title_en: string | null;
  description: string;
  description_en: string | null;
  order: number;
}

export interface LandingBenefitRow {
  id: string;
  text: string;
  text_en: string | null;
  order: number;
}

export interface LandingTestimonialRow {
  id: string;
  name: string;
  name_en: string | null;
  company: string | null;
  role: string | null;
  content: string;
  content_en: string | null;
  rating: number;
  order: number;
}

export interface SiteLinkRow {
  id: string;
  label: string;
  url: string;
  order: number;
  is_external: boolean;
}

export interface PageRow {
  id: string;
  slug: string;
  title: string;
  content: string;
  created_at: Date;
  updated_at: Date;
}

// "order" then id: a stable order when two records share a position.
export async function listLandingFeatures(db: Queryable): Promise<LandingFeatureRow[]> {
  const { rows } = await db.query<LandingFeatureRow>('SELECT * FROM preview_features ORDER BY "order", id');
  return rows;
}

export async function listLandingBenefits(db: Queryable): Promise<LandingBenefitRow[]> {
  const { rows } = await db.query<LandingBenefitRow>('SELECT * FROM preview_benefits ORDER BY "order", id');
  return rows;
}

export async function listLandingTestimonials(db: Queryable): Promise<LandingTestimonialRow[]> {
  const { rows } = await db.query<LandingTestimonialRow>('SELECT * FROM preview_testimonials ORDER BY "order", id');
  return rows;
}

export async function listHeaderLinks(db: Queryable): Promise<SiteLinkRow[]> {
  const { rows } = await db.query<SiteLinkRow>('SELECT * FROM header_links ORDER BY "order", id');
  return rows;
}

export async function listFooterLinks(db: Queryable): Promise<SiteLinkRow[]> {
  const { rows } = await db.query<SiteLinkRow>('SELECT * FROM footer_links ORDER BY "order", id');
  return rows;
}

/** A custom page by slug, case-insensitively (the unique index is on lower(slug)). */
export async function findPageBySlug(db: Queryable, slug: string): Promise<PageRow | null> {
  const { rows } = await db.query<PageRow>(
    'SELECT id, slug, title, content, created_at, updated_at FROM pages WHERE lower(slug) = lower($1)',
    [slug],
  );
  return rows[0] ?? null;
}
