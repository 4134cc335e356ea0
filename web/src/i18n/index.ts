import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '@taktwerk/common';
import { apiKeys as deApiKeys } from './de/apiKeys';
import { auth as deAuth } from './de/auth';
import { devMailbox as deDevMailbox } from './de/devMailbox';
import { publicPages as dePublicPages } from './de/publicPages';
import { settings as deSettings } from './de/settings';
import { common as deCommon } from './de/common';
import { landing as deLanding } from './de/landing';
import { machineAgent as deMachineAgent } from './de/machineAgent';
import { machines as deMachines } from './de/machines';
import { dataExplorer as deDataExplorer } from './de/dataExplorer';
import { charts as deCharts } from './de/charts';
import { dashboard as deDashboard } from './de/dashboard';
import { analytics as deAnalytics } from './de/analytics';
import { alerts as deAlerts } from './de/alerts';
import { search as deSearch } from './de/search';
import { shell as deShell } from './de/shell';
import { ui as deUi } from './de/ui';
import { apiKeys as enApiKeys } from './en/apiKeys';
import { auth as enAuth } from './en/auth';
import { devMailbox as enDevMailbox } from './en/devMailbox';
import { publicPages as enPublicPages } from './en/publicPages';
import { settings as enSettings } from './en/settings';
import { common as enCommon } from './en/common';
import { landing as enLanding } from './en/landing';
import { machineAgent as enMachineAgent } from './en/machineAgent';
import { machines as enMachines } from './en/machines';
import { dataExplorer as enDataExplorer } from './en/dataExplorer';
import { charts as enCharts } from './en/charts';
import { dashboard as enDashboard } from './en/dashboard';
import { analytics as enAnalytics } from './en/analytics';
import { alerts as enAlerts } from './en/alerts';
import { search as enSearch } from './en/search';
import { shell as enShell } from './en/shell';
import { ui as enUi } from './en/ui';

// One file per feature and language; a new feature adds its two files and one line to each catalog here.
export const en = {
  auth: enAuth,
  common: enCommon,
  landing: enLanding,
  shell: enShell,
  ui: enUi,
  machines: enMachines,
  apiKeys: enApiKeys,
  machineAgent: enMachineAgent,
  dataExplorer: enDataExplorer,
  charts: enCharts,
  dashboard: enDashboard,
  analytics: enAnalytics,
  alerts: enAlerts,
  search: enSearch,
  settings: enSettings,
  publicPages: enPublicPages,
  devMailbox: enDevMailbox,
};
export const de: typeof en = {
  auth: deAuth,
  common: deCommon,
  landing: deLanding,
  shell: deShell,
  ui: deUi,
  machines: deMachines,
  apiKeys: deApiKeys,
  machineAgent: deMachineAgent,
  dataExplorer: deDataExplorer,
  charts: deCharts,
  dashboard: deDashboard,
  analytics: deAnalytics,
  alerts: deAlerts,
  search: deSearch,
  settings: deSettings,
  publicPages: dePublicPages,
  devMailbox: deDevMailbox,
};

/** Initializes i18next synchronously (catalogs are bundled) so the first render is already translated. */
export function initI18n(language: Language): void {
  void i18n.use(initReactI18next).init({
    resources: { en: { translation: en }, de: { translation: de } },
    lng: language,
    fallbackLng: 'en',
    supportedLngs: ['en', 'de'],
    initAsync: false,
    // React escapes interpolated values itself.
    interpolation: { escapeValue: false },
  });
  document.documentElement.lang = language;
}
