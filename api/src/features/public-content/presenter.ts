import { clampRating, keywordList, type LandingContent, type Language, type PublicConfig, type PublicPage } from '@taktwerk/common';
import type {
  LandingBenefitRow,
  LandingFeatureRow,
  LandingTestimonialRow,
  PageRow,
  PlanRow,
  SiteLinkRow,
  SystemConfig,
} from '@taktwerk/db';

/** German is the base text; English visitors get the *_en field when it is filled. */
const localized = (language: Language, base: string, english: string | null) =>
  language === 'en' && english?.trim() ? english : base;

const presentLink = (row: SiteLinkRow) => ({ id: row.id, label: row.label, url: row.url, isExternal: row.is_external });

function planFeatures(features: Record<string, unknown>): Record<string, number | boolean> {
  return Object.fromEntries(
    Object.entries(features).filter((e): e is [string, number | boolean] => typeof e[1] === 'number' || typeof e[1] === 'boolean'),
  );
}

export interface LandingRows {
  features: LandingFeatureRow[];
  benefits: LandingBenefitRow[];
  testimonials: LandingTestimonialRow[];
  plans: PlanRow[];
  headerLinks: SiteLinkRow[];
  footerLinks: SiteLinkRow[];
}

export function presentLanding(rows: LandingRows, language: Language): LandingContent {
  return {
    features: rows.features.map((f) => ({
      id: f.id,
      iconName: f.icon_name,
      title: localized(language, f.title, f.title_en),
      description: localized(language, f.description, f.description_en),
    })),
    benefits: rows.benefits.map((b) => ({ id: b.id, text: localized(language, b.text, b.text_en) })),
    testimonials: rows.testimonials.map((t) => ({
      id: t.id,
      name: localized(language, t.name, t.name_en),
      company: t.company,
      role: t.role,
      content: localized(language, t.content, t.content_en),
      rating: clampRating(t.rating),
    })),
    plans: rows.plans.map((p) => ({
      id: p.id,
      name: localized(language, p.name, p.name_en),
      price: Number(p.price),
      currency: p.currency,
      interval: p.interval,
      features: planFeatures(p.features),
    })),
    headerLinks: rows.headerLinks.map(presentLink),
    footerLinks: rows.footerLinks.map(presentLink),
  };
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export function presentPublicConfig(config: SystemConfig, devMailbox: boolean): PublicConfig {
  const seo = config.seo as Record<string, unknown>;
  return {
    registrationEnabled: config.features.registrationEnabled !== false,
    maintenanceMode: config.features.maintenanceMode === true,
    passwordPolicy: { minLength: config.security.passwordMinLength, requireSpecialChars: config.security.requireSpecialChars },
    devMailbox,
    seo: { title: text(seo.title), description: text(seo.description), keywords: keywordList(seo.keywords), faviconUrl: text(seo.faviconUrl) },
  };
}

export function presentPage(row: PageRow): PublicPage {
  return { slug: row.slug, title: row.title, content: row.content, updatedAt: row.updated_at.toISOString() };
}
