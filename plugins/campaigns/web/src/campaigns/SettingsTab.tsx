import { useEffect, useState } from 'react';
import { App, Button, Col, Flex, Form, Input, Row, Select, Space, Table } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { call, LoadError, useErrorToast, useT } from '@atende/sdk-web';
import {
  CAMPAIGN_INTERVAL_OPTIONS,
  CAMPAIGN_LONGER_OPTIONS,
  CAMPAIGN_SETTINGS_ENDPOINTS,
  campaignSettingsOfRecords,
  type CampaignSettings,
  type CampaignVariable,
} from '@atende/plugin-campaigns-contract';

/** Adds a variable unless its key is empty or already there (§5: duplicate keys are ignored). */
export function addVariable(list: CampaignVariable[], v: CampaignVariable): CampaignVariable[] {
  const key = v.key.trim();
  if (!key || !v.value || list.some((x) => x.key === key)) return list;
  return [...list, { key, value: v.value }];
}

/** The campaign settings tab (§2, §9): the sending intervals and the variables messages may use. */
export function SettingsTab() {
  const { t } = useT('campaigns');
  const { message } = App.useApp();
  const showError = useErrorToast();
  const [settings, setSettings] = useState<CampaignSettings | null>(null);
  const [failed, setFailed] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);
  const [key, setKey] = useState('');
  const [value, setValue] = useState('');

  const load = () => {
    setFailed(null);
    // The API answers key/value records (§3); the form edits them as one object.
    call(CAMPAIGN_SETTINGS_ENDPOINTS.show, {}).then((records) => setSettings(campaignSettingsOfRecords(records)), setFailed);
  };
  useEffect(load, []);

  if (failed) return <LoadError error={failed} onRetry={load} />;
  if (!settings) return null;
  const seconds = (opts: readonly number[]) => [...new Set([...opts, settings.messageInterval, settings.greaterInterval])].sort((a, b) => a - b).map((n) => ({ value: n, label: t('settings.seconds', { count: n }) }));

  const save = async () => {
    setSaving(true);
    try {
      setSettings(campaignSettingsOfRecords(await call(CAMPAIGN_SETTINGS_ENDPOINTS.save, { body: { settings } })));
      void message.success(t('settings.saved'));
    } catch (err) {
      showError(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <div data-testid="campaign-settings-tab">
      <Form layout="vertical">
        <Row gutter={12}>
          <Col xs={24} md={8}>
            <Form.Item label={t('settings.messageInterval')}>
              <Select value={settings.messageInterval} options={seconds(CAMPAIGN_INTERVAL_OPTIONS)} onChange={(v) => setSettings({ ...settings, messageInterval: v })} data-testid="settings-message-interval" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label={t('settings.longerIntervalAfter')}>
              <Select
                value={settings.longerIntervalAfter}
                options={[...new Set([...CAMPAIGN_LONGER_OPTIONS, settings.longerIntervalAfter])].sort((a, b) => a - b).map((n) => ({ value: n, label: t('settings.messages', { count: n }) }))}
                onChange={(v) => setSettings({ ...settings, longerIntervalAfter: v })}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label={t('settings.greaterInterval')}>
              <Select value={settings.greaterInterval} options={seconds(CAMPAIGN_LONGER_OPTIONS)} onChange={(v) => setSettings({ ...settings, greaterInterval: v })} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label={t('settings.variables')} extra={t('settings.variablesHelp')}>
          <Space.Compact style={{ width: '100%', marginBottom: 8 }}>
            <Input placeholder={t('settings.key')} value={key} onChange={(e) => setKey(e.target.value.replace(/[{}\s]/g, ''))} maxLength={50} data-testid="settings-variable-key" />
            <Input placeholder={t('settings.value')} value={value} onChange={(e) => setValue(e.target.value)} maxLength={1000} data-testid="settings-variable-value" />
            <Button
              icon={<PlusOutlined />}
              disabled={!key.trim() || !value}
              onClick={() => {
                setSettings({ ...settings, variables: addVariable(settings.variables, { key, value }) });
                setKey('');
                setValue('');
              }}
              data-testid="settings-variable-add"
            >
              {t('settings.add')}
            </Button>
          </Space.Compact>
          <Table<CampaignVariable>
            size="small"
            rowKey="key"
            pagination={false}
            dataSource={settings.variables}
            locale={{ emptyText: t('settings.noVariables') }}
            columns={[
              { title: t('settings.key'), dataIndex: 'key', render: (k: string) => `{${k}}` },
              { title: t('settings.value'), dataIndex: 'value', ellipsis: true },
              {
                key: 'x',
                width: 60,
                render: (_: unknown, v: CampaignVariable) => (
                  <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('delete')} onClick={() => setSettings({ ...settings, variables: settings.variables.filter((x) => x.key !== v.key) })} />
                ),
              },
            ]}
          />
        </Form.Item>
      </Form>
      <Flex justify="flex-end">
        <Button type="primary" loading={saving} onClick={() => void save()} data-testid="settings-save">
          {t('save')}
        </Button>
      </Flex>
    </div>
  );
}
