export const common = {
  brand: { name: 'Taktwerk', home: 'Taktwerk home' },
  language: { label: 'Language', en: 'English', de: 'Deutsch' },
  theme: { toDark: 'Switch to dark theme', toLight: 'Switch to light theme' },
  roles: { admin: 'Platform admin', customerOwner: 'Owner', customerUser: 'Member' },
  footer: { copyright: '© {{year}} Taktwerk. All rights reserved.' },
  errors: {
    configFailed: 'Failed to load system configuration',
    network: 'Could not reach the server. Please check your connection and try again.',
    unexpected: 'Something went wrong. Please try again.',
  },
};
