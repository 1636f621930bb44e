import { createEffect, createEvent, createStore, sample } from 'effector';
import { AUTH_ENDPOINTS, SOCKET_EVENTS, USER_STATUS_EVENT, type AuthEventAction } from '@atende/core-contract';
import { $token, connectRealtime, disconnectRealtime, getSocket, refreshSession, sessionEnded, sessionStarted, userUpdated, call, STORAGE_KEYS } from '@atende/sdk-web';
import { fetchPluginsFx } from '../plugins/plugins.model.js';

/** Heartbeat period (core-operations §4 and §9: every 5 minutes). */
export const HEARTBEAT_MS = 300_000;
/** Pause before the reload after a login elsewhere or a revoked session (core-operations §4). */
export const RELOAD_DELAY_MS = 1_000;

/**
 * On page load: a stored token means a session was open; /auth/me (which refreshes once if the token
 * expired) restores it. No stored token means signed out, so the refresh cookie is not tried.
 * The plugin list is asked for beside /auth/me, not after it (issue 32: one round trip less before a
 * plugin's page starts loading): both carry the same token, an expired one is refreshed once for both
 * (refreshSession), and a list answered for a session that then ends is dropped (plugins.model.ts).
 */
export const restoreSessionFx = createEffect(async (): Promise<boolean> => {
  if (!$token.getState()) return false;
  void fetchPluginsFx().catch(() => undefined);
  try {
    userUpdated(await call(AUTH_ENDPOINTS.me));
    return true;
  } catch {
    sessionEnded();
    return false;
  }
});

export const logoutFx = createEffect(async () => {
  try {
    await call(AUTH_ENDPOINTS.logout, { noRefresh: true });
  } finally {
    sessionEnded();
  }
});

sample({ clock: sessionStarted, target: fetchPluginsFx });

/** Why the session is about to end; SessionNotice shows it until the page reloads. */
export type SessionNoticeKind = Extract<AuthEventAction, 'replaced' | 'revoked'>;
export const sessionNoticeShown = createEvent<SessionNoticeKind>();
export const $sessionNotice = createStore<SessionNoticeKind | null>(null).on(sessionNoticeShown, (_, kind) => kind);

/** layout/subscription.ts's SUBSCRIPTION_STORAGE_KEYS, named here so the start-up path does not load that screen's module. */
const SUBSCRIPTION_KEYS = ['expired', 'dueDate'];

/**
 * The spec's "local storage is cleared": the session's own keys go (token, user, company, its subscription state). Preferences
 * (language, theme) and what plugins keep in the browser for their user (announcement read marks) stay:
 * a whole clear() wiped them on every revocation, including the one a user's own sign-out announces.
 */
function reloadSoon() {
  try {
    for (const key of [STORAGE_KEYS.token, STORAGE_KEYS.userId, STORAGE_KEYS.companyId, ...SUBSCRIPTION_KEYS]) localStorage.removeItem(key);
  } catch {
    /* no storage */
  }
  setTimeout(() => window.location.reload(), RELOAD_DELAY_MS);
}

let heartbeat: ReturnType<typeof setInterval> | null = null;

/** One socket per page, reopened whenever the access token changes; closed at sign-out. */
$token.watch((token) => {
  if (heartbeat) {
    clearInterval(heartbeat);
    heartbeat = null;
  }
  if (!token) {
    disconnectRealtime();
    return;
  }
  void connectRealtime(token).then((socket) => {
    // null: the token changed again (or the session ended) while the socket client was fetched.
    socket?.on(SOCKET_EVENTS.auth, (payload: { action?: AuthEventAction }) => {
      const action = payload?.action;
      if (action === 'expired') {
        // A token expired while connected: refresh, and the watch reconnects with the new token.
        void refreshSession().then((ok) => (ok ? undefined : reloadSoon()));
      } else if (action === 'replaced' || action === 'revoked') {
        // Signed in on another device, or password changed / user disabled: say why, then start clean.
        sessionNoticeShown(action);
        reloadSoon();
      }
    });
  });
  // The server marks the user online while heartbeats arrive (core-operations §4).
  heartbeat = setInterval(() => getSocket()?.emit(USER_STATUS_EVENT), HEARTBEAT_MS);
});
