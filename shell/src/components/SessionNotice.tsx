import { Alert } from 'antd';
import { useUnit } from 'effector-react';
import { useT } from '@atende/sdk-web';
import { $sessionNotice } from '../model/session.js';

/**
 * The message shown in the second before the reload when the account was accessed elsewhere or the
 * session was revoked. A fixed banner rather than a toast: it cannot be pushed out by other toasts.
 */
export function SessionNotice() {
  const { t } = useT();
  const notice = useUnit($sessionNotice);
  if (!notice) return null;
  return (
    <div style={{ position: 'fixed', top: 16, left: 0, right: 0, display: 'flex', justifyContent: 'center', zIndex: 2100, pointerEvents: 'none' }}>
      <Alert
        type="warning"
        showIcon
        role="alert"
        title={notice === 'replaced' ? t('layout.accessedElsewhere') : t('layout.sessionEnded')}
        data-testid={notice === 'replaced' ? 'accessed-elsewhere' : 'session-revoked'}
        style={{ maxWidth: 520, boxShadow: '0 6px 16px rgba(0,0,0,0.2)' }}
      />
    </div>
  );
}
