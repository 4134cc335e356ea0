import type { dashboard as en } from '../en/dashboard';

export const dashboard: typeof en = {
  page: {
    loadFailed: 'Das Dashboard konnte nicht geladen werden.',
    retry: 'Erneut versuchen',
  },
  kpi: {
    onlineMachines: { title: 'Maschinen online', compared: 'ggü. vor 24 h' },
    activeTags: { title: 'Aktive Tags', compared: 'ggü. vor 24 h' },
    pointsToday: { title: 'Datenpunkte heute', compared: 'ggü. gestern um diese Zeit' },
    activeAlerts: { title: 'Aktive Alarme', compared: 'ggü. vor 24 h' },
    units: {
      machines_one: 'Maschine online',
      machines_other: 'Maschinen online',
      tags_one: 'Tag',
      tags_other: 'Tags',
      points_one: 'Punkt seit 00:00 UTC',
      points_other: 'Punkte seit 00:00 UTC',
      alerts_one: 'unbestätigt',
      alerts_other: 'unbestätigt',
    },
    status: { normal: 'Normal', warning: 'Warnung', critical: 'Kritisch' },
    trend: { up: 'Trend steigend', down: 'Trend fallend', flat: 'Keine Änderung' },
  },
  offline: {
    notice_one: '{{count}} Maschine ist offline. Ihre Widget-Werte zeigen 0, bis sie wieder Daten sendet.',
    notice_other: '{{count}} Maschinen sind offline. Ihre Widget-Werte zeigen 0, bis sie wieder Daten senden.',
  },
  widgets: {
    range: 'Zeitraum',
    offline: 'Offline',
    chartLabel: 'Diagramm von {{title}}',
    empty: 'Noch keine Widgets auf dem Dashboard',
    emptyHint: 'Wählen Sie bei einem Analyse-Widget „Auf Dashboard anzeigen“, um es hier mit Live-Diagramm zu sehen.',
    toAnalytics: 'Zur Analyse',
  },
  ranges: {
    '30d': '30 Tage',
    '14d': '14 Tage',
    '7d': '7 Tage',
    '48h': '48 Stunden',
    '24h': '24 Stunden',
    '6h': '6 Stunden',
    '1h': '1 Stunde',
    '10m': '10 Minuten',
    '1m': '1 Minute',
  },
  machines: {
    title: 'Maschinenstatus',
    empty: 'Noch keine Maschinen',
    tags_one: '{{count}} Tag',
    tags_other: '{{count}} Tags',
    alerts_one: '{{count}} offener Alarm',
    alerts_other: '{{count}} offene Alarme',
    lastUpdate: 'Letzte Aktualisierung',
    never: 'nie',
  },
  activity: {
    title: 'Letzte Aktivitäten',
    empty: 'Bisher ist nichts passiert.',
    online: '{{machine}} ist online',
    offline: '{{machine}} ist offline gegangen',
    alert: {
      triggered: 'Alarm „{{rule}}“ ausgelöst',
      resolved: 'Alarm „{{rule}}“ aufgehoben',
    },
  },
};
