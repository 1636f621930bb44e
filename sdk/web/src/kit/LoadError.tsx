import { Alert, Button } from 'antd';
import { errorText } from '../errors.js';
import { useT } from '../i18n.js';

/** The inline "could not load" state with the reason and a retry button, shared by the settings tabs. */
export function LoadError({ error, onRetry, title }: { error: unknown; onRetry: () => void; title?: string }) {
  const { t } = useT();
  return (
    <Alert
      type="error"
      showIcon
      title={title ?? t('settings.loadError')}
      description={errorText(error)}
      action={<Button onClick={onRetry}>{t('common.retry')}</Button>}
    />
  );
}
