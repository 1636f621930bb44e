import { useState } from 'react';
import { App, Button, Form, Input, InputNumber, Modal, Tooltip } from 'antd';
import { DollarOutlined } from '@ant-design/icons';
import { call, useCurrentUser, useT, type ZoneWidgetProps } from '@atende/sdk-web';
import { BILLING_ENDPOINTS } from '@atende/plugin-billing-contract';
import { NS, useSafeCall } from './common.js';

/** The super user's coin adjustment on the users list (commercial-admin §2, §5, §6). */
export default function AdjustCoinsAction({ context }: ZoneWidgetProps<'users.row.actions'>) {
  const { t } = useT(NS);
  const me = useCurrentUser();
  const { message } = App.useApp();
  const safe = useSafeCall();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ coinsAdjustment: number; description?: string }>();
  if (!me?.super) return null;
  const submit = async () => {
    const v = await form.validateFields();
    const r = await safe(() => call(BILLING_ENDPOINTS.adjustCoins, { body: { userId: context.user.id, userEmail: context.user.email, coinsAdjustment: v.coinsAdjustment, description: v.description || undefined } }));
    if (r) {
      void message.success(t('coins.done'));
      setOpen(false);
      form.resetFields();
    }
  };
  return (
    <>
      <Tooltip title={t('coins.adjust')}>
        <Button size="small" type="text" icon={<DollarOutlined />} onClick={() => setOpen(true)} aria-label={t('coins.adjust')} />
      </Tooltip>
      <Modal open={open} title={`${t('coins.adjust')} · ${context.user.email}`} onCancel={() => setOpen(false)} onOk={() => void submit()} destroyOnHidden>
        <Form form={form} layout="vertical">
          <Form.Item
            name="coinsAdjustment"
            label={t('coins.amount')}
            rules={[{ validator: (_, v) => (Number.isInteger(v) && v !== 0 ? Promise.resolve() : Promise.reject(new Error(t('coins.invalid')))) }]}
          >
            <InputNumber precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="description" label={t('coins.description')}>
            <Input maxLength={255} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
