import { useEffect, useRef } from 'react';
import { App } from 'antd';
import { useNavigate } from 'react-router-dom';
import { AUTH_ENDPOINTS } from '@atende/core-contract';
import { call, formatDate, useRealtime, userUpdated, useT } from '@atende/sdk-web';
import { PAYMENT_EVENT, type PaymentEvent } from '@atende/plugin-billing-contract';

/**
 * The payment channel, apart from common.tsx: the drawer footer (on screen from the start) imports only
 * this, so the first load does not fetch the plan cards' Radio and Card nor the pages' helpers.
 */
export const NS = 'billing';
/** Post-payment: the page reloads its data after 3 s and goes home after 4 s (commercial-admin §9). */
export const RELOAD_AFTER_MS = 3000;
export const HOME_AFTER_MS = 4000;

// One toast per event even when two listeners (a page and the drawer widget) are mounted.
const shown = new Set<string>();

/**
 * The company's payment channel (§4): CONCLUIDA → success toast with the new due date, expired flag
 * cleared, stored due date updated, user refreshed, data reloaded after 3 s, home after 4 s;
 * PENDING_REVIEW → info toast with the event's message.
 */
export function usePaymentEvents(onChange?: () => void) {
  const { t, i18n } = useT(NS);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const timers = useRef<number[]>([]);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  useEffect(() => () => timers.current.forEach((id) => window.clearTimeout(id)), []);
  useRealtime<PaymentEvent>(PAYMENT_EVENT, (e) => {
    const key = `${e.action}:${e.invoiceId}:${e.dueDate ?? ''}`;
    const first = !shown.has(key);
    shown.add(key);
    if (e.action === 'CONCLUIDA') {
      // An upgrade invoice changes the plan and leaves the due date; a renewal moves it.
      const text = e.kind === 'upgrade' ? 'payment.upgraded' : 'payment.renewed';
      if (first) void message.success({ content: t(text, { date: formatDate(e.dueDate, i18n.language) }), duration: 5 });
      try {
        localStorage.removeItem('expired');
        if (e.dueDate) localStorage.setItem('dueDate', e.dueDate);
      } catch {
        /* no storage */
      }
      call(AUTH_ENDPOINTS.me).then(userUpdated, () => undefined);
      timers.current.push(window.setTimeout(() => onChangeRef.current?.(), RELOAD_AFTER_MS));
      timers.current.push(window.setTimeout(() => navigate('/'), HOME_AFTER_MS));
    } else if (e.action === 'PENDING_REVIEW') {
      if (first) void message.info(e.message || t('payment.review'));
      onChangeRef.current?.();
    } else {
      if (first) void message.warning(t('payment.rejected'));
      onChangeRef.current?.();
    }
  });
}

