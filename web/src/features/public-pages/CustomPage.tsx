import { useTranslation } from 'react-i18next';
import { PublicFrame } from '../../app/PublicFrame';
import { AppShell } from '../../app/shell/AppShell';
import { usePageTitle } from '../../app/use-page-title';
import { CustomPageContent } from './CustomPageContent';
import { usePublicPage } from './use-public-page';

/** Any hash that is no route of the app: a custom page by that slug, for visitors (spec part 2 §2). */
export function PublicCustomPage({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const { page, isLoading } = usePublicPage(slug);
  usePageTitle(page?.title ?? (isLoading ? undefined : t('shell.notFound.pageTitle')));
  return (
    <PublicFrame>
      <CustomPageContent slug={slug} />
    </PublicFrame>
  );
}

/** The same inside the signed-in shell, whose header shows the page title. */
export function SignedInCustomPage({ slug, route, dashboardRoute }: { slug: string; route: string; dashboardRoute: string }) {
  const { t } = useTranslation();
  const { page, isLoading } = usePublicPage(slug);
  return (
    <AppShell route={route} title={page?.title ?? (isLoading ? '' : t('shell.notFound.pageTitle'))}>
      <CustomPageContent slug={slug} dashboardRoute={dashboardRoute} />
    </AppShell>
  );
}
