import { createEvent, createStore } from 'effector';
import { STORAGE_KEYS } from '@atende/sdk-web';

export type ThemeMode = 'light' | 'dark';

function initialTheme(): ThemeMode {
  try {
    const saved = localStorage.getItem(STORAGE_KEYS.theme);
    if (saved === 'light' || saved === 'dark') return saved;
  } catch {
    /* no storage */
  }
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

export const themeToggled = createEvent();
/** Saved preference, else the system setting (commercial-admin §4). */
export const $theme = createStore<ThemeMode>(initialTheme()).on(themeToggled, (t) => (t === 'dark' ? 'light' : 'dark'));

$theme.watch((t) => {
  document.documentElement.dataset.theme = t;
  try {
    localStorage.setItem(STORAGE_KEYS.theme, t);
  } catch {
    /* no storage */
  }
});
