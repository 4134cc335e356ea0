import type { auth as en } from '../en/auth';

export const auth: typeof en = {
  login: {
    title: 'Anmelden',
    subtitle: 'Willkommen zurück. Melden Sie sich an, um Ihre Maschinen im Blick zu behalten.',
    email: 'E-Mail',
    password: 'Passwort',
    submit: 'Anmelden',
    backToHome: 'Zurück zur Startseite',
    emailRequired: 'Bitte geben Sie Ihre E-Mail-Adresse ein.',
    passwordRequired: 'Bitte geben Sie Ihr Passwort ein.',
  },
  errors: {
    invalidCredentials: 'E-Mail-Adresse oder Passwort ist falsch.',
    tooManyAttempts: 'Zu viele Anmeldeversuche. Bitte versuchen Sie es später erneut.',
    validationFailed: 'Bitte prüfen Sie Ihre E-Mail-Adresse und Ihr Passwort.',
  },
};
