import { PASSWORD_RESET_VALIDITY_MS, composeMail, type Language, type OutgoingMail } from '@taktwerk/common';

const VALID_MINUTES = PASSWORD_RESET_VALIDITY_MS / 60_000;

export function passwordResetMail(language: Language, to: string, name: string, link: string): OutgoingMail {
  if (language === 'de') {
    return composeMail(
      to,
      'Taktwerk: Passwort zurücksetzen',
      [
        `Hallo ${name},`,
        'wir haben eine Anfrage erhalten, das Passwort Ihres Taktwerk-Kontos zurückzusetzen.',
        `Der Link ist ${VALID_MINUTES} Minuten gültig und kann einmal verwendet werden. Wenn Sie die Anfrage nicht gestellt haben, ignorieren Sie diese E-Mail; Ihr Passwort bleibt unverändert.`,
      ],
      { label: 'Neues Passwort festlegen', url: link },
      'Ihr Taktwerk-Team',
    );
  }
  return composeMail(
    to,
    'Taktwerk: reset your password',
    [
      `Hello ${name},`,
      'we received a request to reset the password of your Taktwerk account.',
      `The link is valid for ${VALID_MINUTES} minutes and works once. If you did not ask for this, ignore this email; your password stays as it is.`,
    ],
    { label: 'Set a new password', url: link },
    'Your Taktwerk team',
  );
}

/** Sent instead of an error when someone signs up with an address that already has an account (no enumeration). */
export function accountExistsMail(language: Language, to: string, name: string, forgotLink: string): OutgoingMail {
  if (language === 'de') {
    return composeMail(
      to,
      'Taktwerk: Sie haben bereits ein Konto',
      [
        `Hallo ${name},`,
        'soeben wurde mit dieser E-Mail-Adresse eine Registrierung versucht. Für diese Adresse besteht bereits ein Taktwerk-Konto, daher wurde kein neues angelegt.',
        'Melden Sie sich mit Ihrem bisherigen Passwort an. Falls Sie es vergessen haben, können Sie es zurücksetzen. Wenn Sie das nicht waren, können Sie diese E-Mail ignorieren.',
      ],
      { label: 'Passwort zurücksetzen', url: forgotLink },
      'Ihr Taktwerk-Team',
    );
  }
  return composeMail(
    to,
    'Taktwerk: you already have an account',
    [
      `Hello ${name},`,
      'someone just tried to sign up with this email address. An account already exists for it, so no new one was created.',
      'Sign in with your existing password. If you forgot it, you can reset it. If this was not you, you can ignore this email.',
    ],
    { label: 'Reset your password', url: forgotLink },
    'Your Taktwerk team',
  );
}
