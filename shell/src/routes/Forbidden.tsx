import { Result } from 'antd';
import { useT } from '@atende/sdk-web';

/** The 403 of a kernel page the role may not open. */
export function Forbidden() {
  const { t } = useT();
  return <Result status="403" title={t('forbidden.title')} data-testid="forbidden" />;
}
