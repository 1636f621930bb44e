import { Button, Result } from 'antd';
import { useT } from '@atende/sdk-web';

/** What RemoteBoundary shows instead of a plugin that failed to load or to render. */
export function RemoteFailure({ pluginId, onRetry }: { pluginId: string; onRetry: () => void }) {
  const { t } = useT();
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
