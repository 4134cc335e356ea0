import { useSyncExternalStore } from 'react';

export type Theme = 'light' | 'dark';

const STORAGE_KEY = 'taktwerk.theme';
const listeners = new Set<() => void>();

function currentTheme(): Theme {
  return document.documentElement.classList.contains('dark') ? 'dark' : 'light';
}

function apply(theme: Theme): void {
  document.documentElement.classList.toggle('dark', theme === 'dark');
  for (const listener of listeners) listener();
}

/** Applies the stored theme before the first render so the page never flashes light. */
export function applyStoredTheme(): void {
  apply(localStorage.getItem(STORAGE_KEY) === 'dark' ? 'dark' : 'light');
}

export function setTheme(theme: Theme): void {
  localStorage.setItem(STORAGE_KEY, theme);
  apply(theme);
}

/** Sign-out forgets the theme (spec part 1 §4): the next visitor starts light. */
export function clearTheme(): void {
  localStorage.removeItem(STORAGE_KEY);
  apply('light');
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, currentTheme);
}
