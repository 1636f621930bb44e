import { useCallback, useRef, useState } from 'react';
import { SOCKET_EVENTS, type TicketDto } from '@atende/core-contract';
import { useRealtime, useT } from '@atende/sdk-web';
import type { AppMessageEvent } from './TicketList.js';

const MUTE_KEY = 'ticketsAlertsMuted';

/** Whether a new message deserves an alert: from the customer, on a ticket the agent is not looking at. */
export function shouldAlert(ev: AppMessageEvent, viewingUuid: string | undefined, pageVisible: boolean): boolean {
  if (ev.action !== 'create' || !ev.ticket || ev.message.fromMe) return false;
  return !(pageVisible && ev.ticket.uuid === viewingUuid);
}

/** A short two-tone beep made on the spot (no audio file to ship or to fail loading). */
function beep() {
  const Ctx = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Ctx) return;
  const ctx = new Ctx();
  const gain = ctx.createGain();
  gain.gain.value = 0.08;
  gain.connect(ctx.destination);
  [880, 1175].forEach((freq, i) => {
    const osc = ctx.createOscillator();
    osc.frequency.value = freq;
    osc.connect(gain);
    osc.start(ctx.currentTime + i * 0.12);
    osc.stop(ctx.currentTime + i * 0.12 + 0.1);
  });
  setTimeout(() => void ctx.close(), 600);
}

/**
 * Sound and browser notification for a new customer message on a ticket not in view. The permission is
 * asked only when the agent turns alerts on (a click), never on page load; muting is kept in localStorage.
 */
export function useNewMessageAlert(viewingUuid: string | undefined, openTicket: (ticket: TicketDto) => void) {
  const { t } = useT();
  const [muted, setMuted] = useState(() => localStorage.getItem(MUTE_KEY) === '1');
  const viewing = useRef(viewingUuid);
  viewing.current = viewingUuid;
  const open = useRef(openTicket);
  open.current = openTicket;
  const supported = typeof window !== 'undefined' && 'Notification' in window;
  const [permission, setPermission] = useState<NotificationPermission | 'unsupported'>(supported ? Notification.permission : 'unsupported');

  useRealtime<AppMessageEvent>(SOCKET_EVENTS.appMessage, (ev) => {
    if (muted || !shouldAlert(ev, viewing.current, document.visibilityState === 'visible')) return;
    const ticket = ev.ticket!;
    try {
      beep();
    } catch {
      /* a browser without audio just stays silent */
    }
    if (supported && Notification.permission === 'granted') {
      const note = new Notification(t('tickets.notificationTitle', { name: ticket.contact.name }), {
        body: ev.message.body || t('tickets.notificationMedia'),
        icon: ticket.contact.profilePicUrl || undefined,
        tag: `ticket-${ticket.id}`,
      });
      note.onclick = () => {
        window.focus();
        open.current(ticket);
        note.close();
      };
    }
  });

  const toggleMuted = useCallback(() => {
    const next = !muted;
    setMuted(next);
    localStorage.setItem(MUTE_KEY, next ? '1' : '0');
    // Turning alerts on is a click: the polite moment to ask for notifications.
    if (!next && supported && Notification.permission === 'default') void Notification.requestPermission().then(setPermission);
  }, [muted, supported]);

  const askPermission = useCallback(() => {
    if (supported) void Notification.requestPermission().then(setPermission);
  }, [supported]);

  return { muted, toggleMuted, permission, askPermission };
}
