import { useSyncExternalStore } from 'react';
import type { PublicConfig } from '@taktwerk/common';

// The site title of the SEO config; page titles are "<page> · <site>". Until the config answers it is the brand.
let siteTitle = 'Taktwerk';
interface Meta {
  description: string;
  keywords: string;
}
let siteMeta: Meta = { description: '', keywords: '' };
// A custom page's own meta wins over the site's while it is shown, whichever of the two arrives first.
let pageMeta: Meta | null = null;
const listeners = new Set<() => void>();

export function useSiteTitle(): string {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => siteTitle,
  );
}

function setMeta(name: string, content: string): void {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!content) {
    tag?.remove();
    return;
  }
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = name;
    document.head.append(tag);
  }
  tag.content = content;
}

const DEFAULT_FAVICON = '/favicon.svg';

/** Only http(s) and site-relative favicons: a configured URL must not become a script or data sink. */
function safeFavicon(url: string): string {
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  try {
    return ['http:', 'https:'].includes(new URL(url).protocol) ? url : DEFAULT_FAVICON;
  } catch {
    return DEFAULT_FAVICON;
  }
}

/** Applies the SEO config to the document: site title, description, keywords and favicon. */
export function applySeo(seo: PublicConfig['seo']): void {
  siteTitle = seo.title.trim() || 'Taktwerk';
  for (const listener of listeners) listener();
  siteMeta = { description: seo.description, keywords: seo.keywords.join(', ') };
  writeMeta();
  const icon = document.head.querySelector<HTMLLinkElement>('link[rel="icon"]');
  const href = safeFavicon(seo.faviconUrl.trim() || DEFAULT_FAVICON);
  if (icon && icon.getAttribute('href') !== href) {
    icon.removeAttribute('type');
    icon.href = href;
  }
}

function writeMeta(): void {
  const meta = pageMeta ?? siteMeta;
  setMeta('description', meta.description);
  setMeta('keywords', meta.keywords);
}

/** A page's own description and keywords (custom pages); null puts the site's back. */
export function applyPageMeta(page: Meta | null): void {
  pageMeta = page;
  writeMeta();
}
