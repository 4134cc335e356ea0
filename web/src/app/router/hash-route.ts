import { useMemo, useSyncExternalStore } from 'react';
import { routeFromHash } from '@taktwerk/common';

export interface HashRoute {
  /** Normalized route name (spec part 1 §2): lower-case, no slashes, spaces as dashes, 'home' when empty. */
  route: string;
  params: URLSearchParams;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

export function useHashRoute(): HashRoute {
  const hash = useSyncExternalStore(subscribe, () => window.location.hash);
  return useMemo(() => routeFromHash(hash), [hash]);
}

/** The href of a route, for links: `<a href={routeHref('billing')}>`. */
export function routeHref(route: string, params?: Record<string, string>): string {
  const query = params ? new URLSearchParams(params).toString() : '';
  return `#${route}${query ? `?${query}` : ''}`;
}

/** Goes to a route; `replace` for redirects, so Back does not bounce into them again. */
export function navigate(route: string, { replace = false }: { replace?: boolean } = {}): void {
  const href = routeHref(route);
  if (replace) window.location.replace(href);
  else window.location.hash = href;
}
