import { useEffect, useState } from 'react';
import { App, Col, DatePicker, Form, Input, InputNumber, Modal, Row, Select, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { COMPANY_ENDPOINTS, RECURRENCES, type Company, type Plan, type Recurrence } from '@atende/core-contract';
import { applyServerErrors, digitsOnly, emailRules, lengthRules, parseDueDate, passwordRules, toDateParam, useErrorToast, useT, validationText, call } from '@atende/sdk-web';

interface Values {
  name: string;
  email: string;
  phone?: string;
  password?: string;
  planId?: number;
  status: boolean;
  campaignsEnabled: boolean;
  dueDate: Dayjs | null;
  recurrence: Recurrence;
  creditos: number;
}

interface Props {
  editing: Company | 'new' | null;
  plans: Plan[];
  onClose: () => void;
  onSaved: (company: Company) => void;
}

const PHONE_MAX = 15;

/** A new company's default due date: today + the plan's trial days (issue 27 item 6). */
const trialDue = (plan: Plan | undefined) => (plan ? dayjs().startOf('day').add(plan.trialDays, 'day') : null);

/** Company form of the companies tab (commercial-admin §2): on create it also sets the first admin's password. */
export function CompanyModal({ editing, plans, onClose, onSaved }: Props) {
  const { t } = useT();
  const { message } = App.useApp();
  const showError = useErrorToast();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const company = editing && editing !== 'new' ? editing : null;

  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    if (company) {
      const due = parseDueDate(company.dueDate);
      form.setFieldsValue({
        name: company.name,
        email: company.email ?? '',
        phone: company.phone ?? '',
        planId: company.planId ?? undefined,
        status: company.status,
        campaignsEnabled: company.campaignsEnabled,
        dueDate: due ? dayjs(due) : null,
        recurrence: company.recurrence,
        creditos: company.creditos,
      });
    } else {
      // Never the platform's plan (9999 of everything): the first plan offered to tenants.
      const plan = plans.find((p) => p.offered);
      form.setFieldsValue({ status: true, campaignsEnabled: true, recurrence: 'MENSAL', dueDate: trialDue(plan), planId: plan?.id, creditos: 0 });
    }
  }, [editing]);

  // A new company's due date follows the chosen plan's trial until the user picks a date.
  const onValuesChange = (changed: Partial<Values>) => {
    if (!company && changed.planId !== undefined && !form.isFieldTouched('dueDate')) form.setFieldValue('dueDate', trialDue(plans.find((p) => p.id === changed.planId)));
  };

  const save = async (v: Values) => {
    setSaving(true);
    const base = {
      name: v.name.trim(),
      email: v.email.trim(),
      phone: v.phone ? v.phone : null,
      planId: v.planId!,
      status: v.status,
      campaignsEnabled: v.campaignsEnabled,
      recurrence: v.recurrence,
      creditos: v.creditos ?? 0,
      // Calendar date: the due date is a day, not an instant.
      dueDate: v.dueDate ? toDateParam(v.dueDate.toDate()) : null,
    };
    try {
      const saved = company
        ? await call(COMPANY_ENDPOINTS.update, { params: { id: company.id }, body: base })
        : await call(COMPANY_ENDPOINTS.create, { body: { ...base, password: v.password ?? '' } });
      void message.success(t('companies.saved'));
      onSaved(saved);
    } catch (err) {
      applyServerErrors(form, err, t);
      showError(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={!!editing}
      title={company ? t('companies.editTitle') : t('companies.addTitle')}
      width={640}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'company-save' }}
      forceRender
      data-testid="company-modal"
    >
      <Form<Values> form={form} layout="vertical" requiredMark={false} onFinish={save} onValuesChange={onValuesChange} autoComplete="off">
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item name="name" label={t('companies.name')} rules={lengthRules(t, 2, 120)}>
              <Input maxLength={120} data-testid="company-name" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="email" label={t('companies.email')} rules={emailRules(t)} extra={company ? undefined : t('companies.emailHint')}>
              <Input data-testid="company-email" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="phone"
              label={t('companies.phone')}
              normalize={(v) => digitsOnly(v, PHONE_MAX)}
              rules={[{ min: 8, message: validationText(t, 'phone_too_short') }]}
            >
              <Input inputMode="numeric" data-testid="company-phone" />
            </Form.Item>
          </Col>
          {!company && (
            <Col xs={24} sm={12}>
              <Form.Item name="password" label={t('companies.password')} rules={passwordRules(t, true)} className="password-policy" extra={t('validation.passwordPolicy')}>
                <Input.Password autoComplete="new-password" data-testid="company-password" />
              </Form.Item>
            </Col>
          )}
          <Col xs={24} sm={12}>
            <Form.Item name="planId" label={t('companies.plan')} rules={[{ required: true, message: validationText(t, 'required') }]}>
              <Select options={plans.map((p) => ({ value: p.id, label: p.offered ? p.name : `${p.name} (${t('plans.notOffered')})` }))} data-testid="company-plan" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="recurrence" label={t('companies.recurrence')}>
              <Select options={RECURRENCES.map((r) => ({ value: r, label: t(`recurrence.${r}`) }))} data-testid="company-recurrence" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            {/* Every tenant has a due date (only the platform company has none). */}
            <Form.Item name="dueDate" label={t('companies.dueDate')} rules={company?.isPlatform ? [] : [{ required: true, message: validationText(t, 'required') }]}>
              <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} data-testid="company-due-date" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="creditos" label={t('companies.credits')} rules={[{ required: true, message: validationText(t, 'required') }]}>
              <InputNumber min={0} precision={0} style={{ width: '100%' }} data-testid="company-credits" />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6}>
            <Form.Item name="status" label={t('companies.status')} valuePropName="checked">
              <Switch data-testid="company-status" />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6}>
            <Form.Item name="campaignsEnabled" label={t('companies.campaigns')} valuePropName="checked">
              <Switch data-testid="company-campaigns" />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
