import { Button, Result } from 'antd';
import { Link } from 'react-router-dom';
import { useT } from '@atende/sdk-web';

export function NotFoundPage() {
  const { t } = useT();
  return (
    <Result
      status="404"
      title={t('notFound.title')}
      extra={
        <Link to="/">
          <Button type="primary">{t('notFound.back')}</Button>
        </Link>
      }
    />
  );
}
