import { useSyncExternalStore } from 'react';
import i18n from 'i18next';
import { LANGUAGES, type Language } from '@taktwerk/common';

const STORAGE_KEY = 'taktwerk.language';

function fromTag(tag: string): Language {
  return tag.trim().toLowerCase().startsWith('de') ? 'de' : 'en';
}

function isLanguage(value: string | null): value is Language {
  return (LANGUAGES as readonly (string | null)[]).includes(value);
}

/** Spec part 1 §4: preference language if set, otherwise the stored choice, otherwise the browser language. */
export function resolveLanguage(preference: string | null | undefined, stored: string | null, browser: string | undefined): Language {
  if (preference) return fromTag(preference);
  if (isLanguage(stored)) return stored;
  return fromTag(browser ?? 'en');
}

/** The language to start with before any preference is known. */
export function initialLanguage(): Language {
  return resolveLanguage(null, localStorage.getItem(STORAGE_KEY), navigator.language);
}

/** Switches the UI language and remembers the choice for the next visit. */
export function setLanguage(language: Language): void {
  localStorage.setItem(STORAGE_KEY, language);
  document.documentElement.lang = language;
  void i18n.changeLanguage(language);
}

function subscribe(onChange: () => void): () => void {
  i18n.on('languageChanged', onChange);
  return () => i18n.off('languageChanged', onChange);
}

export function useLanguage(): Language {
  return useSyncExternalStore(subscribe, () => fromTag(i18n.language));
}
