import { createEvent, createStore } from 'effector';
import type { SessionUser } from '@atende/core-contract';

/** Keys the spec names for local storage (core-operations §3). */
export const STORAGE_KEYS = {
  token: 'token',
  userId: 'userId',
  companyId: 'companyId',
  language: 'language',
  theme: 'preferredTheme',
} as const;

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Fired by the shell when a user signs in (token and user). */
export const sessionStarted = createEvent<{ token: string; user: SessionUser }>();
/** Fired when the access token is refreshed. */
export const tokenRefreshed = createEvent<string>();
/** Fired when the signed-in user's data changes (profile, company, plan). */
export const userUpdated = createEvent<SessionUser>();
/** Fired on sign-out or when the session can no longer be refreshed. */
export const sessionEnded = createEvent<void>();

/**
 * Counts sign-outs. Work started for one session (a plugin list, a remote loading) compares it when it
 * finishes and drops its result if it changed, so nothing of the last user reaches the next one.
 */
export const $sessionGeneration = createStore(0).on(sessionEnded, (n) => n + 1);

/** The current access token (kept in browser storage), null when signed out. */
export const $token = createStore<string | null>(read(STORAGE_KEYS.token))
  .on(sessionStarted, (_, { token }) => token)
  .on(tokenRefreshed, (_, token) => token)
  // Not .reset(): the default state is the token read at page load, which sign-out must not bring back.
  .on(sessionEnded, () => null);

/** The signed-in user, null when signed out. */
export const $user = createStore<SessionUser | null>(null)
  .on(sessionStarted, (_, { user }) => user)
  .on(userUpdated, (_, user) => user)
  .reset(sessionEnded);

$token.watch((token) => {
  try {
    if (token) localStorage.setItem(STORAGE_KEYS.token, token);
    else localStorage.removeItem(STORAGE_KEYS.token);
  } catch {
    /* storage unavailable (private mode): the session lives in memory only */
  }
});

$user.watch((user) => {
  try {
    if (user) {
      localStorage.setItem(STORAGE_KEYS.userId, String(user.id));
      localStorage.setItem(STORAGE_KEYS.companyId, String(user.companyId));
    } else {
      localStorage.removeItem(STORAGE_KEYS.userId);
      localStorage.removeItem(STORAGE_KEYS.companyId);
    }
  } catch {
    /* see above */
  }
});
