export const ui = {
  dialog: { close: 'Close dialog' },
  confirm: { title: 'Are you sure?', confirm: 'Confirm', cancel: 'Cancel', delete: 'Delete' },
  toast: { region: 'Notifications', dismiss: 'Dismiss notification' },
  password: { show: 'Show password', hide: 'Hide password' },
  spinner: { loading: 'Loading…' },
  table: { empty: 'Nothing to show yet.' },
  badge: { active: 'Active', trialing: 'Trial', pastDue: 'Past due', canceled: 'Canceled' },
};
