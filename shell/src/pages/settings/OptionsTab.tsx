import { useEffect, useState } from 'react';
import { App, Col, Input, Row, Select, Skeleton, Typography } from 'antd';
import { COMPANY_SETTINGS, COMPANY_SETTING_KEYS, type CompanySettingKey } from '@atende/core-contract';
import { LoadError, useCan, useErrorToast, useT } from '@atende/sdk-web';

interface Props {
  settings: Record<string, string> | null;
  error: unknown;
  onRetry: () => void;
  save: (key: string, value: string) => Promise<unknown>;
}

/** Settings → Options (core-operations §3): one row per company option, saved as soon as it changes. */
export function OptionsTab({ settings, error, onRetry, save }: Props) {
  const { t } = useT();
  const { message } = App.useApp();
  const showError = useErrorToast();
  const canWrite = useCan('settings:write');
  const [pending, setPending] = useState<string | null>(null);

  const change = async (key: string, value: string) => {
    setPending(key);
    try {
      await save(key, value);
      void message.success(t('settings.saved'));
    } catch (err) {
      showError(err);
    } finally {
      setPending(null);
    }
  };

  if (error) {
    return <LoadError error={error} onRetry={onRetry} />;
  }
  if (!settings) return <Skeleton active paragraph={{ rows: 6 }} />;

  return (
    <Row gutter={[24, 16]} data-testid="settings-options">
      {COMPANY_SETTING_KEYS.map((key) => (
        <Col key={key} xs={24} md={12} xl={8}>
          <Typography.Text strong style={{ display: 'block', marginBottom: 4 }}>
            <label htmlFor={`setting-${key}`}>{t(`settingKeys.${key}`)}</label>
          </Typography.Text>
          {COMPANY_SETTINGS[key] ? (
            <Select
              id={`setting-${key}`}
              style={{ width: '100%' }}
              value={settings[key]}
              loading={pending === key}
              disabled={!canWrite || pending === key}
              options={(COMPANY_SETTINGS[key] as readonly string[]).map((v) => ({ value: v, label: t(`settingValues.${v}`) }))}
              onChange={(v: string) => void change(key, v)}
              data-testid={`setting-${key}`}
            />
          ) : (
            <TextSetting settingKey={key} value={settings[key] ?? ''} disabled={!canWrite} busy={pending === key} onSave={(v) => change(key, v)} />
          )}
        </Col>
      ))}
    </Row>
  );
}

/** A free-text option (the asaas payment token): saved on Enter or when leaving the field, if changed. */
function TextSetting(props: { settingKey: CompanySettingKey; value: string; disabled: boolean; busy: boolean; onSave: (v: string) => Promise<void> }) {
  const { settingKey, value, disabled, busy, onSave } = props;
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const commit = () => {
    if (draft.trim() !== value) void onSave(draft.trim());
  };
  return (
    <Input.Password
      id={`setting-${settingKey}`}
      value={draft}
      disabled={disabled || busy}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={commit}
      onPressEnter={commit}
      autoComplete="off"
      data-testid={`setting-${settingKey}`}
    />
  );
}
