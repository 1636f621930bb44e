import { useEffect, useState } from 'react';
import { App, Button, Card, Flex, Form, Input, InputNumber, Spin, Tag, Typography } from 'antd';
import { SETTING_ENDPOINTS } from '@atende/core-contract';
import { call, useErrorToast, useT } from '@atende/sdk-web';
import { AI_ENDPOINTS } from '@atende/plugin-ai-contract';
import BonusCard from './BonusCard.js';

/** The cost settings the tab edits (credit_cost_{name}, commercial-admin §4). */
const COSTS = [
  'gpt4o_message',
  'audio_transcription',
  'image_1024x1024_low',
  'image_1024x1024_medium',
  'image_1024x1024_high',
  'image_1024x1536_low',
  'image_1024x1536_medium',
  'image_1024x1536_high',
  'image_1536x1024_low',
  'image_1536x1024_medium',
  'image_1536x1024_high',
] as const;

/** The super user's Credits tab: AI credit costs and the platform's OpenAI key (write-only) and server. */
export default function CreditsTab() {
  const { t } = useT('ai');
  const { message } = App.useApp();
  const showError = useErrorToast();
  const [values, setValues] = useState<Record<string, string> | null>(null);
  const [hasKey, setHasKey] = useState<boolean | null>(null);
  const [key, setKey] = useState('');

  useEffect(() => {
    call(SETTING_ENDPOINTS.listGlobal).then(
      (rows) => setValues(Object.fromEntries(rows.filter((r) => r.key.startsWith('ai.')).map((r) => [r.key, r.value]))),
      (err: unknown) => {
        setValues({});
        void message.error(t('tab.loadError'));
        showError(err);
      },
    );
    call(AI_ENDPOINTS.config).then((r) => setHasKey(r.hasApiKey), () => setHasKey(false));
  }, []);

  const save = async (k: string, value: string) => {
    try {
      await call(SETTING_ENDPOINTS.updateGlobal, { params: { key: k }, body: { value } });
      setValues((v) => ({ ...v, [k]: value }));
      void message.success(t('saved'));
    } catch {
      void message.error(t('tab.saveError'));
    }
  };
  const saveKey = async (apiKey: string | null) => {
    try {
      setHasKey((await call(AI_ENDPOINTS.setConfig, { body: { apiKey } })).hasApiKey);
      setKey('');
      void message.success(t('saved'));
    } catch (err) {
      showError(err);
    }
  };

  if (!values) return <Spin />;
  return (
    <Flex vertical gap={16} data-testid="ai-credits-tab">
      <Card title={t('tab.costs')} size="small">
        <Form layout="vertical">
          <Flex gap={12} wrap>
            {COSTS.map((name) => (
              <Form.Item key={name} label={t(`tab.cost.${name}`)} style={{ width: 200 }}>
                <InputNumber data-testid={`ai-cost-${name}`} min={0} defaultValue={Number(values[`ai.credit_cost_${name}`] ?? 0)} onBlur={(e) => void save(`ai.credit_cost_${name}`, String(Math.max(0, Math.floor(Number(e.target.value) || 0))))} style={{ width: '100%' }} />
              </Form.Item>
            ))}
          </Flex>
        </Form>
      </Card>
      <Card title={t('tab.server')} size="small">
        <Form layout="vertical">
          <Form.Item label={t('tab.apiKey')} extra={
            // Not "not configured" while the answer is on its way: a spinner until it is known.
            hasKey === null ? <Spin size="small" data-testid="ai-platform-key-loading" /> : <Tag color={hasKey ? 'success' : 'default'} data-testid="ai-platform-key-state">{hasKey ? t('tab.keySet') : t('tab.keyNone')}</Tag>
          }>
            <Flex gap={8}>
              <Input.Password value={key} onChange={(e) => setKey(e.target.value)} autoComplete="off" data-testid="ai-platform-key" />
              <Button type="primary" disabled={!key.trim()} onClick={() => void saveKey(key.trim())} data-testid="ai-platform-key-save">
                {t('save')}
              </Button>
              {hasKey && <Button onClick={() => void saveKey(null)}>{t('tab.removeKey')}</Button>}
            </Flex>
          </Form.Item>
          <Form.Item label={t('tab.baseUrl')}>
            <Input defaultValue={values['ai.openai_base_url']} onBlur={(e) => void save('ai.openai_base_url', e.target.value.trim())} />
          </Form.Item>
          <Form.Item label={t('tab.model')}>
            <Input defaultValue={values['ai.openai_model']} onBlur={(e) => void save('ai.openai_model', e.target.value.trim())} />
          </Form.Item>
          <Form.Item label={t('tab.allowedModels')} extra={t('tab.allowedModelsHelp')}>
            <Input
              data-testid="ai-allowed-models"
              defaultValue={values['ai.allowed_models']}
              onBlur={(e) => void save('ai.allowed_models', e.target.value.split(',').map((m) => m.trim()).filter(Boolean).join(','))}
            />
          </Form.Item>
        </Form>
        <Typography.Text type="secondary">{t('tab.hint')}</Typography.Text>
      </Card>
      <BonusCard />
    </Flex>
  );
}
