import {
  landingContentSchema,
  landingQuerySchema,
  publicConfigSchema,
  publicPageLookupSchema,
  publicPageQuerySchema,
} from '@taktwerk/common';
import { findPageBySlug, getSystemConfig, withPlatform } from '@taktwerk/db';
import { PUBLIC, type ApiRouter } from '../../http/route';
import { mailerFor } from '../../mail/mailer';
import { presentPage, presentPublicConfig } from './presenter';
import { loadLanding } from './service';

export function registerPublicContentRoutes(api: ApiRouter): void {
  api.add({
    method: 'get',
    path: '/public/landing',
    summary: 'Landing content in one language: features, benefits, testimonials, active plans by price, header and footer links',
    tag: 'public',
    auth: PUBLIC,
    query: landingQuerySchema,
    responses: { 200: landingContentSchema },
    async handler({ query, deps }) {
      return loadLanding(deps, query.lang);
    },
  });

  api.add({
    method: 'get',
    path: '/public/config',
    summary: 'What every visitor needs of the system config: registration, maintenance, password policy, SEO',
    tag: 'public',
    auth: PUBLIC,
    responses: { 200: publicConfigSchema },
    async handler({ deps }) {
      return presentPublicConfig(await withPlatform(deps.pool, getSystemConfig), mailerFor(deps).mailbox !== null);
    },
  });

  api.add({
    method: 'get',
    path: '/public/pages',
    summary: 'Look up a custom page by slug (case-insensitive); page is null when there is none',
    tag: 'public',
    auth: PUBLIC,
    query: publicPageQuerySchema,
    responses: { 200: publicPageLookupSchema },
    async handler({ query, deps }) {
      const page = await withPlatform(deps.pool, (db) => findPageBySlug(db, query.slug));
      return { page: page ? presentPage(page) : null };
    },
  });
}
