import type { publicPages as en } from '../en/publicPages';

export const publicPages: typeof en = {
  loadFailed: 'Seite konnte nicht geladen werden: {{slug}}',
};
