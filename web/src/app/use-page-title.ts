import { useEffect } from 'react';

/** Keeps the browser tab title in step with the visible page. */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · Taktwerk` : 'Taktwerk';
  }, [title]);
}
