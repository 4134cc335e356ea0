export const landing = {
  nav: { label: 'Site', login: 'Login', startTrial: 'Start Free Trial' },
  hero: {
    eyebrow: 'Industrial machine monitoring',
    headline: 'Every machine. Every signal. In real time.',
    subline:
      'Connect OPC UA and Modbus sources in minutes, watch live dashboards and get alerted before a stoppage costs you a shift.',
  },
  demo: {
    label: 'Example machine with demo values',
    machine: 'CNC mill 04',
    location: 'Hall B · Line 2',
    status: 'Online',
    spindleSpeed: 'Spindle speed',
    coolantTemperature: 'Coolant temperature',
    powerDraw: 'Power draw',
    trend: 'Spindle speed, last hour',
  },
};
