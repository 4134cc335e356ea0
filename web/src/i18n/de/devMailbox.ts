import type { devMailbox as en } from '../en/devMailbox';

export const devMailbox: typeof en = {
  title: 'Entwicklungs-Postfach',
  intro: 'E-Mails, die dieser Entwicklungsserver versendet hat (kein SMTP-Server eingerichtet). Neueste zuerst; nach einem Neustart sind sie weg.',
  to: 'An {{to}}',
  empty: 'Noch keine E-Mails versendet.',
  unavailable: 'Das Entwicklungs-Postfach gibt es nur auf einem Entwicklungsserver ohne SMTP.',
  backToHome: 'Zurück zur Startseite',
};
