import type { Language } from '@taktwerk/common';
import {
  listActivePlans,
  listFooterLinks,
  listHeaderLinks,
  listLandingBenefits,
  listLandingFeatures,
  listLandingTestimonials,
  withPlatform,
} from '@taktwerk/db';
import type { AppDeps } from '../../context';
import { presentLanding } from './presenter';

// Landing content is platform-wide and public by definition: read on the platform path, no caller to authorize.
export function loadLanding(deps: AppDeps, language: Language) {
  return withPlatform(deps.pool, async (db) => {
    const rows = {
      features: await listLandingFeatures(db),
      benefits: await listLandingBenefits(db),
      testimonials: await listLandingTestimonials(db),
      plans: await listActivePlans(db),
      headerLinks: await listHeaderLinks(db),
      footerLinks: await listFooterLinks(db),
    };
    return presentLanding(rows, language);
  });
}
