import { useEffect } from 'react';
import { useSiteTitle } from './seo';

/** Keeps the browser tab title in step with the visible page: "<page> · <site title of the SEO config>". */
export function usePageTitle(title: string | undefined): void {
  const site = useSiteTitle();
  useEffect(() => {
    document.title = title ? `${title} · ${site}` : site;
  }, [title, site]);
}
