import { useEffect, useState } from 'react';
import { Result, Spin } from 'antd';
import { useT } from '@atende/sdk-web';
import { CALLBACK_MESSAGES as M, CALLBACK_SOURCE } from '@atende/plugin-google-sheets-contract';
import type { CallbackMessage } from './popup-messages.js';

/**
 * /google-sheets/callback (public): Google sends the popup here with `code` and `state` (or `error`). It
 * posts them to its opener on this same origin (the signed-in page hands the code to the server, so the
 * state is checked against that user), then closes (at once, or after 1.5 s on an error, §8). Opened
 * without an opener (the popup was a tab), it goes to the Sheets page with the same query, which does the same.
 */
/** Once per page load: a remount of the page (the shell's frame settling) must not post the code twice. */
let posted = false;

export default function CallbackPage() {
  const { t } = useT('google-sheets');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  useEffect(() => {
    const q = new URLSearchParams(window.location.search);
    const code = q.get('code');
    const state = q.get('state');
    const err = q.get('error') ?? (code ? null : 'no_code');
    const opener = window.opener as Window | null;
    if (!opener || opener.closed) {
      window.location.replace(code || q.get('error') ? `/google-sheets?${q.toString()}` : '/');
      return;
    }
    const message: CallbackMessage = { source: CALLBACK_SOURCE, type: err ? M.error : M.success, code, state, error: err };
    if (!posted) opener.postMessage(message, window.location.origin);
    posted = true;
    if (err) setError(err);
    else setDone(true);
    const timer = setTimeout(() => window.close(), err ? 1500 : 300);
    return () => clearTimeout(timer);
  }, []);

  return (
    <div data-testid="google-sheets-callback" style={{ padding: 24 }}>
      {error ? (
        <Result status="error" title={t('callbackError', { error })} />
      ) : done ? (
        <Result status="success" title={t('callbackDone')} />
      ) : (
        <Result icon={<Spin />} title={t('callbackWorking')} />
      )}
    </div>
  );
}
