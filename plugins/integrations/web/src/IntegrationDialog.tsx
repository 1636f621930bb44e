import { useEffect, useState } from 'react';
import { Alert, App, Button, Form, Input, InputNumber, Modal, Select, Space, Switch, Upload, type FormInstance } from 'antd';
import type { Rule } from 'antd/es/form/index.js';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { ApiError, api, applyServerErrors, call, uploadWithProgress, useErrorToast, useT } from '@atende/sdk-web';
import { INTEGRATION_ENDPOINTS, SHOPIFY_VARIABLES, TYPEBOT_DEFAULT_DELAY, TYPEBOT_DEFAULT_EXPIRES, type Integration } from '@atende/plugin-integrations-contract';
import { ShopifyOptions } from './ShopifyOptions.js';
import { useFlowOptions } from './useFlowOptions.js';

type T = (key: string, vars?: Record<string, unknown>) => string;
const MASK = '***';
const DEFAULTS = { typebotDelayMessage: TYPEBOT_DEFAULT_DELAY, typebotExpires: TYPEBOT_DEFAULT_EXPIRES, language: 'es', isActive: true };

/** Name 2 to 50 with the spec's texts (§5: Too Short!, Too Long!, Required). */
const nameRules = (t: T): Rule[] => [
  { required: true, whitespace: true, message: t('v.required') },
  { min: 2, transform: (v: string) => v?.trim(), message: t('v.tooShort') },
  { max: 50, transform: (v: string) => v?.trim(), message: t('v.tooLong') },
];
const required = (t: T): Rule[] => [{ required: true, whitespace: true, message: t('v.required') }];

/** A URL field whose value the server's outbound guard checks on blur, so the dialog says why at once. */
function UrlField({ name, label, t }: { name: string; label: string; t: T }) {
  return (
    <Form.Item
      name={name}
      label={label}
      extra={t('f.urlHelp')}
      validateTrigger="onBlur"
      rules={[
        ...required(t),
        {
          validator: async (_, v: string | undefined) => {
            if (!v?.trim()) return;
            const r = await call(INTEGRATION_ENDPOINTS.checkUrl, { body: { url: v.trim() } });
            if (!r.ok) throw new Error(t(`refused.${r.reason ?? 'invalid_url'}`));
          },
        },
      ]}
    >
      <Input data-testid={`field-${name}`} placeholder="https://" />
    </Form.Item>
  );
}

function TypebotFields({ t }: { t: T }) {
  return (
    <>
      <UrlField name="urlN8N" label={t('f.url')} t={t} />
      <Form.Item name="typebotSlug" label={t('f.slug')} rules={required(t)}>
        <Input data-testid="field-typebotSlug" />
      </Form.Item>
      <Space wrap>
        <Form.Item name="typebotExpires" label={t('f.expires')}>
          <InputNumber min={0} max={100000} />
        </Form.Item>
        <Form.Item name="typebotDelayMessage" label={t('f.delay')}>
          <InputNumber min={0} max={60000} step={100} data-testid="field-typebotDelayMessage" />
        </Form.Item>
      </Space>
      <Space wrap>
        <Form.Item name="typebotKeywordFinish" label={t('f.keywordFinish')}>
          <Input data-testid="field-typebotKeywordFinish" />
        </Form.Item>
        <Form.Item name="typebotKeywordRestart" label={t('f.keywordRestart')}>
          <Input />
        </Form.Item>
      </Space>
      <Form.Item name="typebotUnknownMessage" label={t('f.unknownMessage')}>
        <Input />
      </Form.Item>
      <Form.Item name="typebotRestartMessage" label={t('f.restartMessage')}>
        <Input />
      </Form.Item>
    </>
  );
}

function DialogflowFields({ t, form, stored }: { t: T; form: FormInstance; stored: boolean }) {
  const [testing, setTesting] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const showError = useErrorToast();
  const test = async () => {
    const v = form.getFieldsValue(['projectName', 'jsonContent', 'language']) as Record<string, string>;
    setTesting(true);
    try {
      setResult(await call(INTEGRATION_ENDPOINTS.testSession, { body: { type: 'dialogflow', projectName: v.projectName ?? '', jsonContent: v.jsonContent ?? '', language: v.language ?? 'es' } }));
    } catch (err) {
      showError(err);
    } finally {
      setTesting(false);
    }
  };
  return (
    <>
      <Form.Item name="projectName" label={t('f.projectName')} rules={required(t)}>
        <Input data-testid="field-projectName" />
      </Form.Item>
      <Form.Item name="jsonContent" label={t('f.jsonContent')} extra={stored ? t('f.jsonKept') : undefined} rules={stored ? [] : required(t)}>
        <Input.TextArea rows={4} placeholder='{ "type": "service_account", … }' data-testid="field-jsonContent" />
      </Form.Item>
      <Form.Item name="language" label={t('f.language')} rules={required(t)}>
        <Select options={['es', 'pt-BR', 'en'].map((l) => ({ value: l, label: l }))} />
      </Form.Item>
      <Button onClick={() => void test()} loading={testing} data-testid="dialogflow-test">
        {t('f.test')}
      </Button>
      {result && (
        <Alert
          style={{ marginTop: 8 }}
          type={result.ok ? 'success' : 'error'}
          message={t(result.ok ? 'f.testOk' : 'f.testFail', { message: result.message })}
          data-testid="dialogflow-test-result"
        />
      )}
    </>
  );
}

function ShopifyFields({ t, form, stored, record, onImage }: { t: T; form: FormInstance; stored: boolean; record: Integration | null; onImage: (i: Integration) => void }) {
  const [connections, setConnections] = useState<{ value: number; label: string }[] | null>(null);
  const { message } = App.useApp();
  useEffect(() => {
    api.get<{ id: number; name: string }[]>('/whatsapp').then(
      (l) => setConnections(l.map((c) => ({ value: c.id, label: c.name }))),
      () => setConnections([]),
    );
  }, []);
  const upload = async (file: File) => {
    if (!record) return void message.warning(t('saveFirst'));
    const form = new FormData();
    form.append('typeArch', 'queueIntegration');
    form.append('file', file);
    try {
      onImage(await uploadWithProgress<Integration>(INTEGRATION_ENDPOINTS.upload.path.replace(':id', String(record.id)), form));
    } catch {
      void message.error(t('f.imageError'));
    }
  };
  return (
    <>
      <Form.Item name="urlShopify" label={t('f.shopDomain')} rules={required(t)}>
        <Input placeholder="mitienda.myshopify.com" data-testid="field-urlShopify" />
      </Form.Item>
      <Form.Item name="jsonContent" label={t('f.shopToken')} extra={stored ? t('f.jsonKept') : undefined}>
        <Input.Password autoComplete="off" data-testid="field-shopToken" />
      </Form.Item>
      <Form.Item name="whatsappId" label={t('f.connection')} rules={[{ required: true, message: t('v.required') }]}>
        <Select loading={connections === null} options={connections ?? []} data-testid="field-whatsappId" />
      </Form.Item>
      <Form.Item name="messageTemplate" label={t('f.template')} extra={t('f.templateHelp', { vars: SHOPIFY_VARIABLES.map((v) => `{{${v}}}`).join(', '), interpolation: { escapeValue: false } })}>
        <Input.TextArea rows={3} />
      </Form.Item>
      <Form.Item name="imageCaption" label={t('f.image')}>
        <Input />
      </Form.Item>
      <Space>
        <Upload accept=".png,.jpg,.jpeg" showUploadList={false} beforeUpload={(f) => (void upload(f), false)}>
          <Button icon={<UploadOutlined />}>{t('f.upload')}</Button>
        </Upload>
        {record?.imagePath && (
          <Button
            icon={<DeleteOutlined />}
            onClick={() => void call(INTEGRATION_ENDPOINTS.removeImage, { params: { id: record.id } }).then(onImage, () => void message.error(t('f.imageError')))}
          >
            {t('f.removeImage')}
          </Button>
        )}
      </Space>
      <ShopifyOptions t={t} form={form} record={record} onSaved={onImage} />
    </>
  );
}

function FlowFields({ t }: { t: T }) {
  const { present, list: flows } = useFlowOptions();
  if (present === false) return <Alert type="warning" message={t('f.noFlowbuilder')} />;
  return (
    <Form.Item name="flowId" label={t('f.flow')} rules={[{ required: true, message: t('v.required') }]}>
      <Select loading={flows === null} options={flows ?? []} showSearch optionFilterProp="label" data-testid="field-flowId" />
    </Form.Item>
  );
}

/** The dialog per type: every field of the spec's entity the type uses, checked as the server checks. */
export function IntegrationDialog({ record, onClose, onSaved }: { record: Integration | null; onClose: () => void; onSaved: (i: Integration) => void }) {
  const { t } = useT('integrations');
  const { message } = App.useApp();
  const showError = useErrorToast();
  const [form] = Form.useForm();
  const [types, setTypes] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const [current, setCurrent] = useState<Integration | null>(record);
  const type = Form.useWatch('type', form) as string | undefined;
  const stored = current?.jsonContent === MASK;

  useEffect(() => {
    call(INTEGRATION_ENDPOINTS.types).then(setTypes, () => setTypes([]));
  }, []);

  const save = async () => {
    let values: Record<string, unknown>;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    // A credential left empty while one is stored keeps it (the server keeps it for the mask too).
    if (stored && !values.jsonContent) delete values.jsonContent;
    setSaving(true);
    try {
      const saved = current
        ? await call(INTEGRATION_ENDPOINTS.update, { params: { id: current.id }, body: { ...values, type: undefined } as never })
        : await call(INTEGRATION_ENDPOINTS.create, { body: values as never });
      void message.success(t('saved'));
      onSaved(saved);
    } catch (err) {
      if (!applyServerErrors(form, err, t)) {
        if (err instanceof ApiError && err.code === 'ERR_OUTBOUND_URL_REFUSED') showError(err);
        else void message.error(t('saveError'));
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={record ? t('editTitle') : t('newTitle')}
      onCancel={onClose}
      width={640}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('cancel')}
        </Button>,
        <Button key="save" type="primary" loading={saving} onClick={() => void save()} data-testid="integration-save">
          {t('save')}
        </Button>,
      ]}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        data-testid="integration-form"
        initialValues={{
          ...DEFAULTS,
          ...(record ? Object.fromEntries(Object.entries(record).filter(([, v]) => v !== null)) : { type: 'n8n' }),
          ...(record?.jsonContent === MASK ? { jsonContent: '' } : {}),
        }}
      >
        <Form.Item name="type" label={t('f.type')} rules={[{ required: true, message: t('v.required') }]}>
          <Select disabled={!!record} options={types.map((x) => ({ value: x, label: x }))} data-testid="field-type" />
        </Form.Item>
        <Form.Item name="name" label={t('f.name')} rules={nameRules(t)}>
          <Input data-testid="field-name" />
        </Form.Item>
        {(type === 'n8n' || type === 'webhook') && <UrlField name="urlN8N" label={t('f.url')} t={t} />}
        {type === 'typebot' && <TypebotFields t={t} />}
        {type === 'dialogflow' && <DialogflowFields t={t} form={form} stored={stored} />}
        {type === 'shopify' && <ShopifyFields t={t} form={form} stored={stored} record={current} onImage={setCurrent} />}
        {type === 'flowbuilder' && <FlowFields t={t} />}
        <Form.Item name="isActive" label={t('f.active')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
