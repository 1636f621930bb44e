import { SETTING_ENDPOINTS } from '@atende/core-contract';
import { useEffect, useState } from 'react';
import { App, Flex, Skeleton, Switch, Typography } from 'antd';
import type { GlobalSettingKey } from '@atende/core-contract';
import { LoadError, useErrorToast, useT, call } from '@atende/sdk-web';

/** Settings → Platform (super user): platform-wide values; today whether public sign-up is open. */
export function PlatformTab() {
  const { t } = useT();
  const { message } = App.useApp();
  const showError = useErrorToast();
  const [values, setValues] = useState<Record<string, string> | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [pending, setPending] = useState(false);

  const load = () => {
    setError(null);
    call(SETTING_ENDPOINTS.listGlobal).then((list) => setValues(Object.fromEntries(list.map((s) => [s.key, s.value]))), setError);
  };
  useEffect(load, []);

  const save = async (key: GlobalSettingKey, value: string) => {
    setPending(true);
    try {
      const saved = await call(SETTING_ENDPOINTS.updateGlobal, { params: { key }, body: { value } });
      setValues((old) => ({ ...old, [saved.key]: saved.value }));
      void message.success(t('settings.saved'));
    } catch (err) {
      showError(err);
    } finally {
      setPending(false);
    }
  };

  if (error) {
    return <LoadError error={error} onRetry={load} />;
  }
  if (!values) return <Skeleton active paragraph={{ rows: 1 }} />;
  return (
    <Flex align="center" gap={12} data-testid="platform-tab">
      <Switch
        id="global-allowSignup"
        checked={(values.allowSignup ?? 'enabled') === 'enabled'}
        loading={pending}
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
  );
}
