import { Button, Tooltip } from 'antd';
import { CreditCardOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { useCurrentUser, useT, type ZoneWidgetProps } from '@atende/sdk-web';
import { BILLING_MANIFEST } from '@atende/plugin-billing-contract';
import { NS, usePaymentEvents } from './paymentEvents.js';

/** The 'renew here' link in the drawer's footer (layout.drawer.footer); also listens to the payment channel. */
export default function DrawerFooter({ context }: ZoneWidgetProps<'layout.drawer.footer'>) {
  const { t } = useT(NS);
  const navigate = useNavigate();
  const user = useCurrentUser();
  usePaymentEvents();
  const go = () => navigate(BILLING_MANIFEST.pages.subscription.path);
  // The platform company (super users) never expires: nothing to renew.
  if (!user || user.super) return null;
  return context.collapsed ? (
    <Tooltip title={t('renewLink')} placement="right">
      <Button type="text" icon={<CreditCardOutlined />} onClick={go} aria-label={t('renewLink')} data-testid="billing-renew-link" />
    </Tooltip>
  ) : (
    <Button type="link" icon={<CreditCardOutlined />} onClick={go} data-testid="billing-renew-link">
      {t('renewLink')}
    </Button>
  );
}
