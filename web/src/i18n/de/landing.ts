import type { landing as en } from '../en/landing';

export const landing: typeof en = {
  nav: { label: 'Website', login: 'Anmelden', startTrial: 'Kostenlos testen' },
  hero: {
    eyebrow: 'Industrielles Maschinen-Monitoring',
    headline: 'Jede Maschine. Jedes Signal. In Echtzeit.',
    subline:
      'Verbinden Sie OPC-UA- und Modbus-Quellen in Minuten, verfolgen Sie Live-Dashboards und werden Sie alarmiert, bevor ein Stillstand eine Schicht kostet.',
  },
  demo: {
    label: 'Beispielmaschine mit Demowerten',
    machine: 'CNC-Fräse 04',
    location: 'Halle B · Linie 2',
    status: 'Online',
    spindleSpeed: 'Spindeldrehzahl',
    coolantTemperature: 'Kühlmitteltemperatur',
    powerDraw: 'Leistungsaufnahme',
    trend: 'Spindeldrehzahl, letzte Stunde',
  },
};
