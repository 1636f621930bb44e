import { createEvent, createStore } from 'effector';
import type { ThemeConfig } from 'antd';
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

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
const reducedMotionQuery = window.matchMedia?.(REDUCED_MOTION);
const reducedMotionChanged = createEvent<boolean>();
/** The system's "reduce motion" setting, followed live: antd's animations are turned off while it is on. */
export const $reducedMotion = createStore<boolean>(reducedMotionQuery?.matches ?? false).on(reducedMotionChanged, (_, v) => v);
reducedMotionQuery?.addEventListener?.('change', (e) => reducedMotionChanged(e.matches));

/** The theme with antd's motion on, or off when the system asks to reduce motion. */
export function withMotion(theme: ThemeConfig, motion: boolean): ThemeConfig {
  return motion ? theme : { ...theme, token: { ...theme.token, motion: false } };
}
