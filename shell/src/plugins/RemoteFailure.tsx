import { Button, Result } from 'antd';
import { SDK_WEB_VERSION, useT } from '@atende/sdk-web';
import { IncompatibleRemoteError } from './incompatible-remote.js';

/**
 * What RemoteBoundary shows instead of a plugin that failed to load or to render; a remote built with an
 * SDK this shell cannot serve says so (versions included) instead of offering a retry that cannot help.
 */
export function RemoteFailure({ pluginId, onRetry, error }: { pluginId: string; onRetry: () => void; error?: Error | null }) {
  const { t } = useT();
  if (error instanceof IncompatibleRemoteError) {
    return (
      <Result
        status="warning"
        title={t('plugins.incompatible', { id: pluginId, built: error.builtWith, running: SDK_WEB_VERSION })}
        subTitle={t('plugins.incompatibleHint')}
        data-testid="remote-incompatible"
      />
    );
  }
  return (
    <Result
      status="warning"
      title={t('plugins.loadFailed', { id: pluginId })}
      subTitle={t('plugins.loadFailedHint')}
      extra={<Button onClick={onRetry}>{t('common.retry')}</Button>}
      data-testid="remote-error"
    />
  );
}
