import { PLAN_ENDPOINTS, AUTH_ENDPOINTS } from '@atende/core-contract';
import { useEffect, useState } from 'react';
import { App, Button, Form, Input, Typography } from 'antd';
import { LockOutlined, MailOutlined, PhoneOutlined, ShopOutlined } from '@ant-design/icons';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { Language, Plan, SignupInput } from '@atende/core-contract';
import { applyServerErrors, digitsOnly, emailRules, lengthRules, passwordRules, useErrorToast, useT, validationText, call } from '@atende/sdk-web';
import { PlanPicker } from './PlanPicker.js';
import { PublicPageFrame } from '../../components/PublicPageFrame.js';

interface Values {
  name: string;
  email: string;
  phone: string;
  password: string;
  planId?: number;
}

/** The sign-up mask limits the phone to 11 digits (commercial-admin §5); the contract wants at least 8. */
const PHONE_MAX = 11;
const PHONE_MIN = 8;

/** Public company sign-up (commercial-admin §2): creates the company and its first admin. */
export function SignupPage() {
  const { t, i18n } = useT();
  const { message } = App.useApp();
  const showError = useErrorToast();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [form] = Form.useForm<Values>();
  const [plans, setPlans] = useState<Plan[] | null>(null);
  const [plansFailed, setPlansFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  const loadPlans = () => {
    setPlansFailed(false);
    call(PLAN_ENDPOINTS.publicList, { noRefresh: true })
      .then((list) => {
        setPlans(list);
        // A single plan needs no choosing.
        if (list.length === 1 && !form.getFieldValue('planId')) form.setFieldValue('planId', list[0].id);
      })
      .catch(() => setPlansFailed(true));
  };
  useEffect(loadPlans, []);

  const submit = async (values: Values) => {
    setBusy(true);
    const body: SignupInput = {
      name: values.name.trim(),
      email: values.email.trim(),
      phone: values.phone,
      password: values.password,
      planId: values.planId!,
      // The referral link is /signup?ref=CODE (commercial-admin §2); kept out of sight.
      referralCode: params.get('ref')?.trim() || undefined,
      language: i18n.language as Language,
    };
    try {
      await call(AUTH_ENDPOINTS.signup, { body, noRefresh: true });
      void message.success(t('signup.success'));
      // The spec does not say where sign-up leads; the new admin signs in next.
      navigate('/login', { state: { email: body.email } });
    } catch (err) {
      // Field errors go next to their fields; everything typed stays in the form.
      applyServerErrors(form, err, t);
      showError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <PublicPageFrame maxWidth={620}>
        <Typography.Title level={3} style={{ textAlign: 'center', marginTop: 0 }}>
          Atende
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
          {t('signup.title')}
        </Typography.Paragraph>
        <Form<Values> form={form} layout="vertical" onFinish={submit} requiredMark={false} data-testid="signup-form">
          <Form.Item name="name" label={t('signup.name')} rules={lengthRules(t, 2, 50)}>
            <Input prefix={<ShopOutlined />} maxLength={50} autoComplete="organization" autoFocus data-testid="signup-name" />
          </Form.Item>
          <Form.Item name="email" label={t('signup.email')} rules={emailRules(t)}>
            <Input prefix={<MailOutlined />} autoComplete="email" data-testid="signup-email" />
          </Form.Item>
          <Form.Item
            name="phone"
            label={t('signup.phone')}
            extra={t('signup.phoneHint')}
            normalize={(v) => digitsOnly(v, PHONE_MAX)}
            rules={[
              { required: true, message: validationText(t, 'required') },
              { min: PHONE_MIN, message: validationText(t, 'phone_too_short') },
            ]}
          >
            {/* No maxLength: a pasted "(51) 987…" would be cut before the mask keeps its digits. */}
            <Input prefix={<PhoneOutlined />} inputMode="numeric" autoComplete="tel" data-testid="signup-phone" />
          </Form.Item>
          <Form.Item name="password" label={t('signup.password')} className="password-policy" extra={t('validation.passwordPolicy')} rules={passwordRules(t, true)}>
            <Input.Password prefix={<LockOutlined />} autoComplete="new-password" data-testid="signup-password" />
          </Form.Item>
          <Form.Item name="planId" label={t('signup.plan')} rules={[{ required: true, message: t('signup.planRequired') }]}>
            <PlanPicker plans={plans} failed={plansFailed} onRetry={loadPlans} />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy} data-testid="signup-submit">
            {t('signup.submit')}
          </Button>
        </Form>
        <Typography.Paragraph style={{ textAlign: 'center', marginTop: 16, marginBottom: 0 }}>
          {t('signup.haveAccount')}{' '}
          <Link to="/login" data-testid="signup-login-link">
            {t('signup.login')}
          </Link>
        </Typography.Paragraph>
    </PublicPageFrame>
  );
}
