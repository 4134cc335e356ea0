import { z } from 'zod';
import { LANGUAGES } from './constants';

// What signed-out visitors read: landing content, public configuration, custom pages (spec part 1 §2, part 2 §2).

export const landingQuerySchema = z.strictObject({ lang: z.enum(LANGUAGES).default('en') });

const linkSchema = z.object({ id: z.string(), label: z.string(), url: z.string(), isExternal: z.boolean() });
export type SiteLink = z.infer<typeof linkSchema>;

export const landingFeatureSchema = z.object({ id: z.string(), iconName: z.string(), title: z.string(), description: z.string() });
export const landingBenefitSchema = z.object({ id: z.string(), text: z.string() });
export const landingTestimonialSchema = z.object({
  id: z.string(),
  name: z.string(),
  company: z.string().nullable(),
  role: z.string().nullable(),
  content: z.string(),
  /** 1 to 5. */
  rating: z.number().int(),
});
export const landingPlanSchema = z.object({
  id: z.string(),
  name: z.string(),
  price: z.number(),
  currency: z.string(),
  interval: z.enum(['month', 'year']),
  features: z.record(z.string(), z.union([z.number(), z.boolean()])),
});

/** Everything the landing page shows, in the requested language (the *_en fields for en, German otherwise). */
export const landingContentSchema = z.object({
  features: z.array(landingFeatureSchema),
  benefits: z.array(landingBenefitSchema),
  testimonials: z.array(landingTestimonialSchema),
  plans: z.array(landingPlanSchema),
  headerLinks: z.array(linkSchema),
  footerLinks: z.array(linkSchema),
});
export type LandingContent = z.infer<typeof landingContentSchema>;
export type LandingPlan = z.infer<typeof landingPlanSchema>;
export type LandingTestimonial = z.infer<typeof landingTestimonialSchema>;

export const publicConfigSchema = z.object({
  registrationEnabled: z.boolean(),
  maintenanceMode: z.boolean(),
  passwordPolicy: z.object({ minLength: z.number().int(), requireSpecialChars: z.boolean() }),
  /** Development without SMTP: sent mails can be read at #dev-mailbox. */
  devMailbox: z.boolean(),
  seo: z.object({ title: z.string(), description: z.string(), keywords: z.array(z.string()), faviconUrl: z.string() }),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

/** Stars from 1 to 5: out-of-range ratings are clamped, a missing or broken one counts as 5 (spec part 1 §5). */
export const clampRating = (rating: unknown) =>
  typeof rating === 'number' && Number.isFinite(rating) ? Math.min(5, Math.max(1, Math.round(rating))) : 5;

/** Keywords are stored as a list or as one comma-separated string (spec part 2 §3). */
export function keywordList(value: unknown): string[] {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  const words = items.filter((item): item is string => typeof item === 'string').map((item) => item.trim());
  return [...new Set(words.filter((word) => word !== ''))];
}

export const PAGE_SLUG_PATTERN = /^[a-z0-9-]{1,100}$/i;
export const publicPageQuerySchema = z.strictObject({ slug: z.string().regex(PAGE_SLUG_PATTERN) });

export const publicPageSchema = z.object({
  slug: z.string(),
  title: z.string(),
  /** Stored HTML; clients render it through an allow-list, never as raw markup. */
  content: z.string(),
  updatedAt: z.string(),
});
/**
 * A lookup, not a resource: an unknown slug is an ordinary answer (the web asks for every hash that is no route),
 * so it is `{ page: null }` rather than an error status.
 */
export const publicPageLookupSchema = z.object({ page: publicPageSchema.nullable() });
export type PublicPage = z.infer<typeof publicPageSchema>;

export const devMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  sentAt: z.string(),
});
export const devMailboxSchema = z.object({ mails: z.array(devMailSchema) });
export type DevMail = z.infer<typeof devMailSchema>;
