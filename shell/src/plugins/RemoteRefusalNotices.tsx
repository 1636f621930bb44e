import { Alert } from 'antd';
import { useUnit } from 'effector-react';
import { useT } from '@atende/sdk-web';
import { $refusedRemotes } from './web-plugins.model.js';

/**
 * One notice per plugin whose remote the shell refused (issue 30): the plugin, each shared package it
 * needs and what the shell runs. The rest of the shell goes on; the notice can be closed.
 */
export function RemoteRefusalNotices() {
  const refused = useUnit($refusedRemotes);
  const { t } = useT();
  const list = Object.values(refused);
  if (!list.length) return null;
  return (
    <>
      {list.map((r) => (
        <Alert
          key={r.pluginId}
          type="warning"
          showIcon
          closable
          style={{ marginBottom: 12 }}
          data-testid="remote-refused"
          title={t('plugins.refused', { id: r.pluginId })}
          description={r.unmet.map((u) => t('plugins.refusedNeeds', { pkg: u.package, needs: u.needs, has: u.has ?? t('plugins.refusedNone') })).join(' · ')}
        />
      ))}
    </>
  );
}
