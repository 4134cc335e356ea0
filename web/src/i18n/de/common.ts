import type { common as en } from '../en/common';

export const common: typeof en = {
  brand: { name: 'Taktwerk', home: 'Taktwerk Startseite' },
  language: { label: 'Sprache', en: 'English', de: 'Deutsch' },
  theme: { toDark: 'Dunkles Design aktivieren', toLight: 'Helles Design aktivieren' },
  roles: { admin: 'Plattform-Admin', customerOwner: 'Inhaber', customerUser: 'Mitglied' },
  footer: { copyright: '© {{year}} Taktwerk. Alle Rechte vorbehalten.' },
  errors: {
    configFailed: 'Systemkonfiguration konnte nicht geladen werden',
    network: 'Der Server ist nicht erreichbar. Bitte prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
    unexpected: 'Etwas ist schiefgelaufen. Bitte versuchen Sie es erneut.',
  },
};
