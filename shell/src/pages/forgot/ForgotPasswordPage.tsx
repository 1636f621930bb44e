import { AUTH_ENDPOINTS } from '@atende/core-contract';
import { useState } from 'react';
import { App, Button, Flex, Form, Input, Typography } from 'antd';
import { KeyOutlined, LockOutlined, MailOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router-dom';
import type { ResetPasswordInput } from '@atende/core-contract';
import { ApiError, applyServerErrors, digitsOnly, emailRules, passwordRules, useErrorToast, useT, validationText, call } from '@atende/sdk-web';
import { PublicPageFrame } from '../../components/PublicPageFrame.js';

interface EmailValues {
  email: string;
}
interface ResetValues {
  code: string;
  password: string;
  confirm: string;
}

const CODE_LENGTH = 6;

/**
 * Password reset in two steps (core-operations §2): the e-mail, then the code sent to it with the new
 * password twice. The spec's companyId query parameter is accepted and ignored: e-mails are unique.
 */
export function ForgotPasswordPage() {
  const { t } = useT();
  const { message } = App.useApp();
  const showError = useErrorToast();
  const navigate = useNavigate();
  const [email, setEmail] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [resetForm] = Form.useForm<ResetValues>();

  const sendCode = async (address: string) => {
    setBusy(true);
    try {
      await call(AUTH_ENDPOINTS.forgotPassword, { params: { email: address }, noRefresh: true });
      void message.success(t('forgot.emailSent'));
      setEmail(address);
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) void message.error({ content: t('forgot.emailNotFound'), duration: 2 });
      else showError(err);
    } finally {
      setBusy(false);
    }
  };

  const reset = async (values: ResetValues) => {
    if (!email) return;
    setBusy(true);
    const body: ResetPasswordInput = { email, token: values.code, password: values.password };
    try {
      await call(AUTH_ENDPOINTS.resetPassword, { body, noRefresh: true });
      void message.success(t('forgot.success'));
      navigate('/login', { state: { email } });
    } catch (err) {
      applyServerErrors(resetForm, err, t, { token: 'code' });
      showError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <PublicPageFrame maxWidth={420}>
        <Typography.Title level={3} style={{ textAlign: 'center', marginTop: 0 }}>
          {t('forgot.title')}
        </Typography.Title>
        {!email ? (
          <Form<EmailValues> layout="vertical" requiredMark={false} onFinish={(v) => void sendCode(v.email.trim().toLowerCase())}>
            <Typography.Paragraph type="secondary">{t('forgot.emailHint')}</Typography.Paragraph>
            <Form.Item name="email" label={t('forgot.email')} rules={emailRules(t)}>
              <Input prefix={<MailOutlined />} autoComplete="email" autoFocus data-testid="forgot-email" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={busy} data-testid="forgot-send">
              {t('forgot.send')}
            </Button>
          </Form>
        ) : (
          <Form<ResetValues> form={resetForm} layout="vertical" requiredMark={false} onFinish={reset} data-testid="forgot-reset-form">
            <Typography.Paragraph type="secondary">{t('forgot.codeHint', { email })}</Typography.Paragraph>
            <Form.Item
              name="code"
              label={t('forgot.code')}
              normalize={(v) => digitsOnly(v, CODE_LENGTH)}
              rules={[
                { required: true, message: validationText(t, 'required') },
                { len: CODE_LENGTH, message: validationText(t, 'invalid_code') },
              ]}
            >
              {/* The spec gives the code a show/hide toggle like the passwords. */}
              <Input.Password
                prefix={<KeyOutlined />}
                inputMode="numeric"
                autoComplete="one-time-code"
                autoFocus
                data-testid="forgot-code"
              />
            </Form.Item>
            <Form.Item name="password" label={t('forgot.newPassword')} className="password-policy" extra={t('validation.passwordPolicy')} rules={passwordRules(t, true)}>
              <Input.Password prefix={<LockOutlined />} autoComplete="new-password" data-testid="forgot-password" />
            </Form.Item>
            <Form.Item
              name="confirm"
              label={t('forgot.confirm')}
              dependencies={['password']}
              rules={[
                { required: true, message: validationText(t, 'required') },
                ({ getFieldValue }) => ({
                  validator: (_, v: string | undefined) =>
                    !v || v === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(t('forgot.mismatch'))),
                }),
              ]}
            >
              <Input.Password prefix={<LockOutlined />} autoComplete="new-password" data-testid="forgot-confirm" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={busy} data-testid="forgot-submit">
              {t('forgot.submit')}
            </Button>
            <Flex justify="space-between" style={{ marginTop: 12 }}>
              <Button type="link" size="small" style={{ padding: 0 }} disabled={busy} onClick={() => void sendCode(email)} data-testid="forgot-resend">
                {t('forgot.resend')}
              </Button>
              <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setEmail(null)} data-testid="forgot-other-email">
                {t('forgot.otherEmail')}
              </Button>
            </Flex>
          </Form>
        )}
        <Flex vertical align="center" gap={4} style={{ marginTop: 16 }}>
          <Typography.Text>
            {t('forgot.noAccount')}{' '}
            <Link to="/signup" data-testid="forgot-signup-link">
              {t('forgot.signup')}
            </Link>
          </Typography.Text>
          <Link to="/login" data-testid="forgot-login-link">
            {t('forgot.backToLogin')}
          </Link>
        </Flex>
    </PublicPageFrame>
  );
}
