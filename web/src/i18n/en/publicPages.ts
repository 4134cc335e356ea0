export const publicPages = {
  loadFailed: 'Failed to load page: {{slug}}',
};
