export const charts = {
  noData: 'No data',
  tooltip: {
    label: 'Point details',
    close: 'Close',
  },
};
