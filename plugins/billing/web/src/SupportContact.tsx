import { Alert, Typography } from 'antd';
import { WhatsAppOutlined } from '@ant-design/icons';
import { useT } from '@atende/sdk-web';
import { NS } from './common.js';
import { whatsappLink } from './support.js';

/**
 * Where the receipt goes (issue 38 item 15): the platform's support WhatsApp as a number and a link that
 * opens the chat; without one configured the step says so instead of pointing at "our support".
 */
export function SupportContact({ phone }: { phone: string }) {
  const { t } = useT(NS);
  const link = whatsappLink(phone);
  if (!link) return <Alert type="warning" showIcon title={t('checkout.noSupport')} data-testid="checkout-no-support" style={{ alignSelf: 'stretch' }} />;
  return (
    <Typography.Text data-testid="checkout-support">
      {t('checkout.sendReceipt')}{' '}
      <Typography.Link href={link} target="_blank" rel="noopener noreferrer" strong>
        <WhatsAppOutlined /> {phone}
      </Typography.Link>
    </Typography.Text>
  );
}
