import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicPage } from '@taktwerk/common';
import { NotFoundPage } from '../../app/NotFoundPage';
import { applyPageMeta } from '../../app/seo';
import { useToast } from '../../ui/Toast';
import { LoadingState } from '../../ui/Spinner';
import { firstParagraphText, SafeHtml } from './SafeHtml';
import { usePublicPage } from './use-public-page';
import './public-pages.css';

const DESCRIPTION_LENGTH = 200;
const KEYWORD_COUNT = 6;

/** Spec part 2 §9: description from the first 200 characters of the first paragraph, keywords the first 6 title words. */
function pageMeta(page: PublicPage) {
  return {
    description: firstParagraphText(page.content).slice(0, DESCRIPTION_LENGTH),
    keywords: page.title.split(/\s+/).filter(Boolean).slice(0, KEYWORD_COUNT).join(', '),
  };
}

interface CustomPageContentProps {
  slug: string;
  /** Inside the shell the header carries the h1 and the 404 page offers the dashboard. */
  dashboardRoute?: string;
}

/** A custom page by slug, or the 404 page; when the lookup itself fails a toast says so too (spec part 2 §8). */
export function CustomPageContent({ slug, dashboardRoute }: CustomPageContentProps) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const { page, error, isLoading } = usePublicPage(slug);
  const failed = error !== undefined;

  useEffect(() => {
    if (failed) showToast({ type: 'error', title: t('publicPages.loadFailed', { slug }) });
  }, [failed, showToast, slug, t]);

  useEffect(() => {
    if (!page) return;
    applyPageMeta(pageMeta(page));
    return () => applyPageMeta(null);
  }, [page]);

  if (isLoading) return <LoadingState />;
  if (!page) return <NotFoundPage slug={slug} dashboardRoute={dashboardRoute} />;
  const Heading = dashboardRoute ? 'h2' : 'h1';
  return (
    <article className="custom-page">
      <Heading className="custom-page-title">{page.title}</Heading>
      <SafeHtml html={page.content} className="custom-page-content" />
    </article>
  );
}
