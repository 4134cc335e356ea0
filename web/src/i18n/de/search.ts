import type { search as en } from '../en/search';

export const search: typeof en = {
  label: 'Suche',
  placeholder: 'Maschinen, Tags, Seiten suchen…',
  results: 'Suchergebnisse',
  minChars: 'Mindestens {{count}} Zeichen eingeben.',
  searching: 'Suche läuft…',
  noResults: 'Keine Ergebnisse für „{{query}}“',
  clear: 'Suche leeren',
  kinds: { machine: 'Maschinen', tag: 'Tags', page: 'Seiten', user: 'Benutzer', organization: 'Organisationen' },
  accessDenied: 'Zugriff verweigert',
  accessDeniedUser: 'Sie dürfen die Profile anderer Benutzer nicht öffnen.',
};
