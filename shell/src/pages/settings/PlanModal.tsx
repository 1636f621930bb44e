import { useLayoutEffect, useState } from 'react';
import { App, Col, Form, Input, InputNumber, Modal, Row, Switch } from 'antd';
import { PLAN_ENDPOINTS, PLAN_FLAGS, type Plan, type PlanInput } from '@atende/core-contract';
import { applyServerErrors, lengthRules, localized, useErrorToast, useT, validationText, call } from '@atende/sdk-web';
import { usePlanFeatures } from './plan-features.js';

type Values = Omit<PlanInput, 'value' | 'users' | 'connections' | 'queues' | 'trialDays'> & {
  trialDays: number;
  value: number;
  users: number;
  connections: number;
  queues: number;
};

interface Props {
  editing: Plan | 'new' | null;
  onClose: () => void;
  onSaved: (plan: Plan) => void;
}

/** Every feature flag starts enabled in the form (commercial-admin §3). */
const NEW_PLAN: Values = {
  name: '',
  value: 0,
  users: 1,
  connections: 1,
  queues: 1,
  offered: true,
  trialDays: 30,
  ...(Object.fromEntries(PLAN_FLAGS.map((f) => [f, true])) as Record<(typeof PLAN_FLAGS)[number], boolean>),
};

export function PlanModal({ editing, onClose, onSaved }: Props) {
  const { t, i18n } = useT();
  const { message } = App.useApp();
  const showError = useErrorToast();
  const [form] = Form.useForm<Values>();
  const features = usePlanFeatures();
  const [saving, setSaving] = useState(false);
  const plan = editing && editing !== 'new' ? editing : null;

  // Plugins' features start enabled too on a new plan; an existing plan shows what it has.
  const declaredValue = (key: string) => (plan ? (plan.features?.[key] ?? false) : true);
  // Layout effects: the form holds the plan's values before the dialog is painted, so no click or
  // keystroke lands in between and is then undone (a passive effect left that gap on a busy machine).
  useLayoutEffect(() => {
    if (!editing) return;
    form.resetFields();
    const declared = Object.fromEntries(features.map((f) => [f.key, declaredValue(f.key)]));
    form.setFieldsValue(plan ? { ...plan, features: declared } : { ...NEW_PLAN, features: declared });
  }, [editing]);
  // The plugins' features arrive after the dialog opened: only their own switches get their values
  // (those the user has not touched), never a reset of what was typed meanwhile.
  useLayoutEffect(() => {
    if (!editing) return;
    const untouched = features.filter((f) => !form.isFieldTouched(['features', f.key]));
    if (untouched.length) form.setFieldsValue({ features: Object.fromEntries(untouched.map((f) => [f.key, declaredValue(f.key)])) } as Partial<Values>);
  }, [features]);

  const save = async (v: Values) => {
    setSaving(true);
    const body: PlanInput = {
      name: v.name.trim(),
      value: v.value,
      users: v.users,
      connections: v.connections,
      queues: v.queues,
      offered: !!v.offered,
      trialDays: v.trialDays,
      ...(Object.fromEntries(PLAN_FLAGS.map((f) => [f, !!v[f]])) as Record<(typeof PLAN_FLAGS)[number], boolean>),
      ...(features.length ? { features: Object.fromEntries(features.map((f) => [f.key, !!v.features?.[f.key]])) } : {}),
    };
    try {
      const saved = plan ? await call(PLAN_ENDPOINTS.update, { params: { id: plan.id }, body }) : await call(PLAN_ENDPOINTS.create, { body });
      void message.success(t('plans.saved'));
      onSaved(saved);
    } catch (err) {
      applyServerErrors(form, err, t);
      showError(err);
    } finally {
      setSaving(false);
    }
  };

  const required = { required: true, message: validationText(t, 'required') };
  const count = (name: 'users' | 'connections' | 'queues') => (
    <Col xs={12} sm={8}>
      <Form.Item name={name} label={t(`plans.${name}`)} rules={[required]}>
        <InputNumber min={0} precision={0} style={{ width: '100%' }} data-testid={`plan-${name}`} />
      </Form.Item>
    </Col>
  );

  return (
    <Modal
      open={!!editing}
      title={plan ? t('plans.editTitle') : t('plans.addTitle')}
      width={600}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'plan-save' }}
      forceRender
      data-testid="plan-modal"
    >
      <Form<Values> form={form} layout="vertical" requiredMark={false} onFinish={save} autoComplete="off">
        <Row gutter={12}>
          <Col xs={24} sm={16}>
            <Form.Item name="name" label={t('plans.name')} rules={lengthRules(t, 2, 100)}>
              <Input maxLength={100} data-testid="plan-name" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item name="value" label={t('plans.value')} rules={[required]}>
              <InputNumber min={0} step={0.01} precision={2} prefix="S/" style={{ width: '100%' }} data-testid="plan-value" />
            </Form.Item>
          </Col>
          {count('users')}
          {count('connections')}
          {count('queues')}
          <Col xs={12} sm={8}>
            <Form.Item name="trialDays" label={t('plans.trialDays')} rules={[required]}>
              <InputNumber min={0} max={365} precision={0} style={{ width: '100%' }} data-testid="plan-trial-days" />
            </Form.Item>
          </Col>
          <Col xs={12} sm={8}>
            {/* The platform's own plan is never offered (the server refuses it too). */}
            <Form.Item name="offered" label={t('plans.offered')} valuePropName="checked">
              <Switch data-testid="plan-offered" />
            </Form.Item>
          </Col>
          {PLAN_FLAGS.map((f) => (
            <Col key={f} xs={12} sm={8}>
              <Form.Item name={f} label={t(`planFlags.${f}`)} valuePropName="checked">
                <Switch data-testid={`plan-flag-${f}`} />
              </Form.Item>
            </Col>
          ))}
          {features.map((f) => (
            <Col key={f.key} xs={12} sm={8}>
              <Form.Item name={['features', f.key]} label={localized(f.label, i18n.language)} valuePropName="checked">
                <Switch data-testid={`plan-flag-${f.key}`} />
              </Form.Item>
            </Col>
          ))}
        </Row>
      </Form>
    </Modal>
  );
}
