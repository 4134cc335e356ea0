export const search = {
  label: 'Search',
  placeholder: 'Search machines, tags, pages…',
  results: 'Search results',
  minChars: 'Type at least {{count}} characters.',
  searching: 'Searching…',
  noResults: 'No results for “{{query}}”',
  clear: 'Clear search',
  kinds: { machine: 'Machines', tag: 'Tags', page: 'Pages', user: 'Users', organization: 'Organizations' },
  accessDenied: 'Access denied',
  accessDeniedUser: 'You may not open other users’ profiles.',
};
