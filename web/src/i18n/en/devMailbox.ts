export const devMailbox = {
  title: 'Development mailbox',
  intro: 'Mails sent by this development server (no SMTP server configured). Newest first; they are gone after a restart.',
  to: 'To {{to}}',
  empty: 'No mails sent yet.',
  unavailable: 'The development mailbox is only available on a development server without SMTP.',
  backToHome: 'Back to home',
};
