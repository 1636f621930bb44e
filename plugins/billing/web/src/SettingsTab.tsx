import { useEffect, useState } from 'react';
import { Alert, App, Button, Form, Input, Skeleton } from 'antd';
import { SETTING_ENDPOINTS } from '@atende/core-contract';
import { call, useT } from '@atende/sdk-web';
import { BILLING_SETTING_KEYS as K } from '@atende/plugin-billing-contract';
import { NS, useSafeCall } from './common.js';
import { missingPaymentSettings } from './support.js';

type Values = Record<keyof typeof K, string>;

/** Settings → Facturación (super user): the checkout's payment QR, key, instructions, support number; the webhook secret. */
export default function SettingsTab() {
  const { t } = useT(NS);
  const { message } = App.useApp();
  const safe = useSafeCall();
  const [form] = Form.useForm<Values>();
  const [initial, setInitial] = useState<Values | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    void safe(() => call(SETTING_ENDPOINTS.listGlobal)).then((rows) => {
      const byKey = new Map((rows ?? []).map((r) => [r.key, r.value]));
      const v = Object.fromEntries(Object.entries(K).map(([name, key]) => [name, byKey.get(key) ?? ''])) as Values;
      setInitial(v);
      form.setFieldsValue(v);
    });
  }, [form, safe]);

  const save = async (v: Values) => {
    if (!initial) return;
    setSaving(true);
    let ok = true;
    for (const name of Object.keys(K) as (keyof typeof K)[]) {
      if ((v[name] ?? '') === initial[name]) continue;
      ok = (await safe(() => call(SETTING_ENDPOINTS.updateGlobal, { params: { key: K[name] }, body: { value: v[name] ?? '' } }))) !== undefined && ok;
    }
    setSaving(false);
    if (ok) {
      setInitial(v);
      void message.success(t('settings.saved'));
    }
  };

  if (!initial) return <Skeleton active />;
  // Said here, to the one who can fix it, rather than companies meeting empty payment steps.
  const missing = missingPaymentSettings(initial);
  return (
    <Form form={form} layout="vertical" onFinish={(v) => void save(v)} style={{ maxWidth: 640 }} data-testid="billing-settings">
      {missing.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('settings.incomplete')}
          description={missing.map((m) => t(`settings.missing.${m}`)).join(' ')}
          data-testid="billing-settings-missing"
        />
      )}
      <Form.Item name="qr" label={t('settings.qr')} extra={t('settings.qrHelp')}>
        <Input maxLength={2000} />
      </Form.Item>
      <Form.Item name="key" label={t('checkout.key')}>
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item name="instructions" label={t('settings.instructions')} extra={t('settings.instructionsHelp')}>
        <Input.TextArea rows={4} maxLength={2000} />
      </Form.Item>
      <Form.Item name="support" label={t('settings.support')}>
        <Input maxLength={30} />
      </Form.Item>
      <Form.Item name="webhookSecret" label={t('settings.secret')} extra={t('settings.secretHelp')}>
        <Input.Password maxLength={500} autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving}>
        {t('settings.save')}
      </Button>
    </Form>
  );
}
