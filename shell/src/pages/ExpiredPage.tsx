import { Result } from 'antd';
import { formatDate, useCompany, useT } from '@atende/sdk-web';

/**
 * Shown instead of every route while the subscription is expired (core-operations §4). Billing is the
 * only page the spec leaves reachable; it does not exist yet, so there is deliberately no link to it.
 */
export function ExpiredPage() {
  const { t, i18n } = useT();
  const company = useCompany();
  return (
    <Result
      status="error"
      title={t('subscription.expiredTitle')}
      subTitle={
        <>
          <span data-testid="subscription-expired">{t('subscription.expired')}</span>
          {company?.dueDate && <div>{t('layout.dueDate', { date: formatDate(company.dueDate, i18n.language) })}</div>}
        </>
      }
    />
  );
}
