import { SETTING_ENDPOINTS, hostListEntries, hostListError } from '@atende/core-contract';
import { useEffect, useState } from 'react';
import { App, Button, Divider, Flex, Form, Input, Skeleton, Switch, Typography } from 'antd';
import type { GlobalSettingKey } from '@atende/core-contract';
import { LoadError, useErrorToast, useT, call } from '@atende/sdk-web';

/**
 * Settings → Platform (super user): platform-wide values: whether public sign-up is open, and the hosts
 * a company's URL may reach over plain http (the operator's OUTBOUND_ALLOW_HOSTS is separate: it lives
 * in the environment and alone may open private addresses).
 */
export function PlatformTab() {
  const { t } = useT();
  const { message } = App.useApp();
  const showError = useErrorToast();
  const [values, setValues] = useState<Record<string, string> | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [pending, setPending] = useState<GlobalSettingKey | null>(null);
  const [hosts, setHosts] = useState('');

  const load = () => {
    setError(null);
    call(SETTING_ENDPOINTS.listGlobal).then((list) => {
      const all = Object.fromEntries(list.map((s) => [s.key, s.value]));
      setValues(all);
      setHosts(all.outboundAllowHosts ?? '');
    }, setError);
  };
  useEffect(load, []);

  const save = async (key: GlobalSettingKey, value: string) => {
    setPending(key);
    try {
      const saved = await call(SETTING_ENDPOINTS.updateGlobal, { params: { key }, body: { value } });
      setValues((old) => ({ ...old, [saved.key]: saved.value }));
      void message.success(t('settings.saved'));
    } catch (err) {
      showError(err);
    } finally {
      setPending(null);
    }
  };

  if (error) {
    return <LoadError error={error} onRetry={load} />;
  }
  if (!values) return <Skeleton active paragraph={{ rows: 3 }} />;
  const hostsInvalid = hostListError(hosts) !== null;
  // Stored as the guard reads it: trimmed, lowercase, comma-separated.
  const normalized = hostListEntries(hosts).join(', ');
  return (
    <Flex vertical data-testid="platform-tab">
      <Flex align="center" gap={12}>
        <Switch
          id="global-allowSignup"
          checked={(values.allowSignup ?? 'enabled') === 'enabled'}
          loading={pending === 'allowSignup'}
          onChange={(on) => void save('allowSignup', on ? 'enabled' : 'disabled')}
          data-testid="global-allowSignup"
        />
        <Flex vertical>
          <Typography.Text strong>
            <label htmlFor="global-allowSignup">{t('platform.allowSignup')}</label>
          </Typography.Text>
          <Typography.Text type="secondary">{t('platform.allowSignupHint')}</Typography.Text>
        </Flex>
      </Flex>
      <Divider />
      <Form layout="vertical" onFinish={() => void save('outboundAllowHosts', normalized).then(() => setHosts(normalized))}>
        <Form.Item
          label={t('platform.httpHosts')}
          htmlFor="global-outboundAllowHosts"
          extra={t('platform.httpHostsHint')}
          validateStatus={hostsInvalid ? 'error' : undefined}
          help={hostsInvalid ? t('platform.httpHostsInvalid') : undefined}
        >
          <Input.TextArea
            id="global-outboundAllowHosts"
            rows={2}
            value={hosts}
            onChange={(e) => setHosts(e.target.value)}
            placeholder={t('platform.httpHostsPlaceholder')}
            data-testid="global-outboundAllowHosts"
          />
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          disabled={hostsInvalid || normalized === (values.outboundAllowHosts ?? '')}
          loading={pending === 'outboundAllowHosts'}
          data-testid="global-outboundAllowHosts-save"
        >
          {t('platform.httpHostsSave')}
        </Button>
      </Form>
    </Flex>
  );
}
