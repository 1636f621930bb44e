import { createEffect, sample } from 'effector';
import { SOCKET_EVENTS, type SessionUser } from '@atende/core-contract';
import {
  $token,
  api,
  connectRealtime,
  disconnectRealtime,
  refreshSession,
  sessionEnded,
  sessionStarted,
  userUpdated,
} from '@atende/sdk-web';
import { fetchPluginsFx } from '../plugins/plugins.model.js';

/**
 * On page load: a stored token means a session was open; /auth/me (which refreshes once if the token
 * expired) restores it. No stored token means signed out, so the refresh cookie is not tried.
 */
export const restoreSessionFx = createEffect(async (): Promise<boolean> => {
  if (!$token.getState()) return false;
  try {
    userUpdated(await api.get<SessionUser>('/auth/me'));
    return true;
  } catch {
    sessionEnded();
    return false;
  }
});

export const logoutFx = createEffect(async () => {
  try {
    await api.delete('/auth/logout', { noRefresh: true });
  } finally {
    sessionEnded();
  }
});

sample({ clock: [sessionStarted, restoreSessionFx.doneData.filter({ fn: Boolean })], target: fetchPluginsFx });

function reloadSoon() {
  try {
    localStorage.clear();
  } catch {
    /* no storage */
  }
  setTimeout(() => window.location.reload(), 1000);
}

/** One socket per page, reopened whenever the access token changes; closed at sign-out. */
$token.watch((token) => {
  if (!token) {
    disconnectRealtime();
    return;
  }
  const socket = connectRealtime(token);
  socket.on(SOCKET_EVENTS.auth, (payload: { action?: string }) => {
    // A token expired while connected: refresh, and the watch reconnects with the new token.
    if (payload?.action === 'expired') {
      void refreshSession().then((ok) => (ok ? undefined : reloadSoon()));
    }
  });
});

