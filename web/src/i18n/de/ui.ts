import type { ui as en } from '../en/ui';

export const ui: typeof en = {
  dialog: { close: 'Dialog schließen' },
  confirm: { title: 'Sind Sie sicher?', confirm: 'Bestätigen', cancel: 'Abbrechen', delete: 'Löschen' },
  toast: { region: 'Benachrichtigungen', dismiss: 'Benachrichtigung schließen' },
  password: { show: 'Passwort anzeigen', hide: 'Passwort verbergen' },
  spinner: { loading: 'Wird geladen…' },
  table: { empty: 'Noch keine Einträge.' },
  badge: { active: 'Aktiv', trialing: 'Testphase', pastDue: 'Zahlung überfällig', canceled: 'Gekündigt' },
};
