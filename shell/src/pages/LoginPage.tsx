import { AUTH_ENDPOINTS } from '@atende/core-contract';
import { useState } from 'react';
import { App, Button, Checkbox, Flex, Form, Input, Typography } from 'antd';
import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { Link, useLocation } from 'react-router-dom';
import { sessionStarted, useErrorToast, useT, call } from '@atende/sdk-web';
import { announceLogin } from '../layout/subscription.js';
import { PublicPageFrame } from '../components/PublicPageFrame.js';

interface Values {
  email: string;
  password: string;
  remember: boolean;
}

export function LoginPage() {
  const { t, i18n } = useT();
  const { message } = App.useApp();
  const showError = useErrorToast();
  const [busy, setBusy] = useState(false);
  // Sign-up sends the new account's e-mail along, so it need not be typed twice.
  const state = useLocation().state as { email?: string } | null;

  const submit = async (values: Values) => {
    setBusy(true);
    try {
      const res = await call(AUTH_ENDPOINTS.login, { body: { email: values.email, password: values.password }, noRefresh: true });
      sessionStarted(res);
      announceLogin(res.user, message, t, i18n.language);
    } catch (err) {
      showError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <PublicPageFrame maxWidth={400}>
        <Typography.Title level={3} style={{ textAlign: 'center', marginTop: 0 }}>
          Atende
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
          {t('login.title')}
        </Typography.Paragraph>
        <Form<Values> layout="vertical" onFinish={submit} initialValues={{ remember: true, email: state?.email ?? '' }} requiredMark={false}>
          <Form.Item
            name="email"
            label={t('login.email')}
            rules={[
              { required: true, message: t('common.required') },
              { type: 'email', message: t('login.invalidEmail') },
            ]}
          >
            <Input prefix={<MailOutlined />} autoComplete="email" autoFocus data-testid="login-email" />
          </Form.Item>
          <Form.Item name="password" label={t('login.password')} rules={[{ required: true, message: t('common.required') }]}>
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" data-testid="login-password" />
          </Form.Item>
          <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
            {/* The spec gives remember-me no behaviour. */}
            <Form.Item name="remember" valuePropName="checked" noStyle>
              <Checkbox>{t('login.remember')}</Checkbox>
            </Form.Item>
            <Link to="/forgetpsw" data-testid="login-forgot-link">
              {t('login.forgot')}
            </Link>
          </Flex>
          <Button type="primary" htmlType="submit" block loading={busy} data-testid="login-submit">
            {t('login.submit')}
          </Button>
        </Form>
        <Typography.Paragraph style={{ textAlign: 'center', marginTop: 16, marginBottom: 0 }}>
          {t('login.noAccount')}{' '}
          <Link to="/signup" data-testid="login-signup-link">
            {t('login.signup')}
          </Link>
        </Typography.Paragraph>
    </PublicPageFrame>
  );
}
