import type { charts as en } from '../en/charts';

export const charts: typeof en = {
  noData: 'Keine Daten',
  tooltip: {
    label: 'Punktdetails',
    close: 'Schließen',
  },
};
