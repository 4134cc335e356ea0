import 'i18next';
import type { en } from './index';

// Makes `t('feature.area.phrase')` type-checked against the English catalog.
declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: typeof en };
  }
}
