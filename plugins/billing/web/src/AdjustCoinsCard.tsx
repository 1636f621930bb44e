import { App, Button, Card, Form, Input, InputNumber } from 'antd';
import { call, useT } from '@atende/sdk-web';
import { BILLING_ENDPOINTS } from '@atende/plugin-billing-contract';
import { NS, useSafeCall } from './common.js';

/** The super user adjusts the coins of any company's user, named by e-mail (the users list shows only the platform's). */
export function AdjustCoinsCard() {
  const { t } = useT(NS);
  const { message } = App.useApp();
  const safe = useSafeCall();
  const [form] = Form.useForm<{ userEmail: string; coinsAdjustment: number; description?: string }>();
  const submit = async (v: { userEmail: string; coinsAdjustment: number; description?: string }) => {
    const r = await safe(() => call(BILLING_ENDPOINTS.adjustCoins, { body: { userEmail: v.userEmail, coinsAdjustment: v.coinsAdjustment, description: v.description || undefined } }));
    if (r) {
      void message.success(t('coins.done'));
      form.resetFields();
    }
  };
  return (
    <Card size="small" title={t('coins.adjust')}>
      <Form form={form} layout="inline" onFinish={(v) => void submit(v)} data-testid="adjust-coins-form">
        <Form.Item name="userEmail" rules={[{ required: true, type: 'email', message: t('coins.email') }]}>
          <Input placeholder={t('coins.emailPlaceholder')} style={{ width: 240 }} />
        </Form.Item>
        <Form.Item
          name="coinsAdjustment"
          rules={[{ validator: (_, v) => (Number.isInteger(v) && v !== 0 ? Promise.resolve() : Promise.reject(new Error(t('coins.invalid')))) }]}
        >
          <InputNumber precision={0} placeholder={t('coins.amount')} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="description">
          <Input placeholder={t('coins.description')} maxLength={255} style={{ width: 240 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t('coins.adjust')}
        </Button>
      </Form>
    </Card>
  );
}
