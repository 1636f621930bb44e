import { AUTH_ENDPOINTS } from '@atende/core-contract';
import { useEffect, useRef } from 'react';
import { App } from 'antd';
import type { TFunction } from 'i18next';
import type { SessionUser } from '@atende/core-contract';
import { daysUntil, formatDate, sessionEnded, useCurrentUser, userUpdated, useT, call } from '@atende/sdk-web';

/** Local storage keys of core-operations §3 the SDK does not define: expired flag and stored due date. */
export const SUBSCRIPTION_STORAGE_KEYS = { expired: 'expired', dueDate: 'dueDate' } as const;
/** Subscription re-check period and the warning window (core-operations §4, §9). */
export const EXPIRY_CHECK_MS = 60_000;
const WARN_TOAST_SECONDS = 10;
const LOGIN_WARN_BELOW_DAYS = 5;
const PERIODIC_WARN_DAYS = { min: 1, max: 7 } as const;
/** How often, at most, to ask the server whether a due date that passed on this clock really expired. */
const CONFIRM_EVERY_MS = 5 * 60_000;

type Message = ReturnType<typeof App.useApp>['message'];

function dueText(t: TFunction, days: number, date: string): string {
  if (days <= 0) return t('subscription.dueToday', { date });
  if (days === 1) return t('subscription.dueTomorrow', { date });
  return t('subscription.dueIn', { n: days, date });
}

function store(user: SessionUser | null) {
  try {
    if (user?.company.expired) localStorage.setItem(SUBSCRIPTION_STORAGE_KEYS.expired, 'true');
    else localStorage.removeItem(SUBSCRIPTION_STORAGE_KEYS.expired);
    if (user?.company.dueDate) localStorage.setItem(SUBSCRIPTION_STORAGE_KEYS.dueDate, user.company.dueDate);
    else localStorage.removeItem(SUBSCRIPTION_STORAGE_KEYS.dueDate);
  } catch {
    /* no storage */
  }
}

/** The toasts right after sign-in (core-operations §4): expired → error; else success, and a warning under 5 days. */
export function announceLogin(user: SessionUser, message: Message, t: TFunction, lang: string): void {
  const date = formatDate(user.company.dueDate, lang);
  if (user.company.expired) {
    void message.error({ content: t('subscription.expiredOn', { date }), duration: WARN_TOAST_SECONDS });
    return;
  }
  void message.success(t('login.success'));
  const days = daysUntil(user.company.dueDate);
  if (days !== null && days < LOGIN_WARN_BELOW_DAYS) void message.warning({ content: dueText(t, days, date), duration: WARN_TOAST_SECONDS });
}

// The periodic warning shows once per session (sign-in to sign-out).
let warnedThisSession = false;
sessionEnded.watch(() => {
  warnedThisSession = false;
  store(null);
});

/**
 * Watches the signed-in company's subscription while the layout is mounted: keeps the local flags,
 * re-checks every 60 s, warns once when 1–7 days remain. The server's `expired` decides; when this
 * clock sees the due date pass first, /auth/me is asked (at most every 5 minutes) to confirm.
 */
export function useSubscriptionWatch(): { expired: boolean } {
  const user = useCurrentUser();
  const { t, i18n } = useT();
  const { message } = App.useApp();
  const lastConfirm = useRef(0);
  const latest = useRef({ user, t, lang: i18n.language, message });
  latest.current = { user, t, lang: i18n.language, message };

  useEffect(() => store(user), [user]);

  useEffect(() => {
    const check = () => {
      const { user: u, t: tr, lang, message: msg } = latest.current;
      if (!u || u.company.expired) return;
      const days = daysUntil(u.company.dueDate);
      if (days !== null && days < 0) {
        if (Date.now() - lastConfirm.current > CONFIRM_EVERY_MS) {
          lastConfirm.current = Date.now();
          call(AUTH_ENDPOINTS.me).then(userUpdated, () => undefined);
        }
        return;
      }
      if (!warnedThisSession && days !== null && days >= PERIODIC_WARN_DAYS.min && days <= PERIODIC_WARN_DAYS.max) {
        warnedThisSession = true;
        void msg.warning({ content: dueText(tr, days, formatDate(u.company.dueDate, lang)), duration: WARN_TOAST_SECONDS });
      }
    };
    // At once after sign-in (or when the signed-in user changes), then every 60 s (issue 9 item 22).
    check();
    const id = setInterval(check, EXPIRY_CHECK_MS);
    return () => clearInterval(id);
  }, [user?.id]);

  return { expired: !!user?.company.expired };
}
