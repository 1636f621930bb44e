import { useEffect, useState } from 'react';
import { Alert, App, Button, Flex, Image, Modal, Result, Steps, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import { ApiError, call, errorText, useT } from '@atende/sdk-web';
import { BILLING_ENDPOINTS, RECURRENCE_MONTHS, type Invoice, type SubscriptionOverview } from '@atende/plugin-billing-contract';
import { NS, dateText, money } from './common.js';
import { SupportContact } from './SupportContact.js';
import { PlanCards } from './PlanCards.js';

/**
 * Checkout (commercial-admin §2): step 1 customise (plan cards), step 2 review (payment QR, key and
 * three instructions from the platform settings, Back and Pay), then 'Pago Enviado a Revisión'.
 */
export function CheckoutDialog({ invoice, overview, onClose, onPaid }: { invoice: Invoice | null; overview: SubscriptionOverview; onClose: () => void; onPaid: () => void }) {
  const { t, i18n } = useT(NS);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const [planId, setPlanId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  /** The due date the server left after the payment went to review (a short grace when it was about to end). */
  const [usableUntil, setUsableUntil] = useState<string | null>(null);

  useEffect(() => {
    if (invoice) {
      setStep(0);
      setPlanId(invoice.requestedPlanId ?? overview.plan?.id ?? invoice.planId ?? null);
    }
  }, [invoice, overview.plan?.id]);

  const plan = overview.plans.find((p) => p.id === planId) ?? null;
  const months = RECURRENCE_MONTHS[overview.recurrence];

  const next = () => {
    if (!planId) return void message.error(t('checkout.noPlan'));
    if (!plan?.name) return void message.error(t('checkout.incomplete'));
    setStep(1);
  };

  const pay = async () => {
    if (!invoice || !plan) return void message.error(t('checkout.incomplete'));
    setBusy(true);
    try {
      const r = await call(BILLING_ENDPOINTS.subscribe, {
        body: { plan: plan.name, price: plan.value, users: plan.users, connections: plan.connections, invoiceId: invoice.id, planId: plan.id },
      });
      if (!r.success) throw new Error(r.error ?? t('checkout.error'));
      // In review, not active yet: the toast says what happens next (issue 38 item 14), with the due date
      // as the server has it now (read back, not guessed).
      const due = (await call(BILLING_ENDPOINTS.overview).catch(() => null))?.dueDate ?? overview.dueDate;
      setUsableUntil(due);
      void message.success({ content: t('checkout.success', { date: dateText(due, i18n.language) }), duration: 6 });
      setStep(2);
      onPaid();
    } catch (e) {
      void message.error(e instanceof ApiError || e instanceof Error ? errorText(e) || t('checkout.error') : t('checkout.error'));
    } finally {
      setBusy(false);
    }
  };

  const { payment } = overview;
  return (
    <Modal open={!!invoice} title={t('checkout.title')} onCancel={onClose} footer={null} width={760} destroyOnHidden data-testid="checkout-dialog">
      {step < 2 && <Steps current={step} size="small" style={{ marginBottom: 16 }} items={[{ title: t('checkout.stepCustomize') }, { title: t('checkout.stepReview') }]} />}
      {step === 0 && (
        <Flex vertical gap={16}>
          <PlanCards plans={overview.plans} currentId={overview.plan?.id ?? null} value={planId} onChange={setPlanId} />
          <Flex justify="flex-end">
            <Button type="primary" onClick={next} data-testid="checkout-next">
              {t('checkout.next')}
            </Button>
          </Flex>
        </Flex>
      )}
      {step === 1 && plan && (
        <Flex vertical gap={16} align="center">
          <Typography.Title level={4} style={{ margin: 0 }}>
            {plan.name} · {t('checkout.total')}: {money(plan.value * months)}
          </Typography.Title>
          <Typography.Text>{t('checkout.scan')}</Typography.Text>
          {payment.qrImage ? <Image src={payment.qrImage} width={220} alt="QR" data-testid="checkout-qr" /> : <Alert type="warning" title={t('checkout.noQr')} />}
          {payment.key && (
            <Typography.Text copyable={{ text: payment.key }}>
              {t('checkout.key')}: <Typography.Text strong>{payment.key}</Typography.Text>
            </Typography.Text>
          )}
          <ol style={{ alignSelf: 'stretch' }} data-testid="checkout-instructions">
            {payment.instructions.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ol>
          <SupportContact phone={payment.supportWhatsapp} />
          <Flex gap={8} justify="flex-end" style={{ alignSelf: 'stretch' }}>
            <Button onClick={() => setStep(0)}>{t('checkout.back')}</Button>
            <Button type="primary" loading={busy} onClick={() => void pay()} data-testid="checkout-pay">
              {t('pay')}
            </Button>
          </Flex>
        </Flex>
      )}
      {step === 2 && (
        <Result
          status="success"
          title={t('checkout.sentTitle')}
          subTitle={
            <Flex vertical gap={8} align="center">
              <span>{t('checkout.nextSteps', { date: dateText(usableUntil ?? overview.dueDate, i18n.language) })}</span>
              <SupportContact phone={payment.supportWhatsapp} />
            </Flex>
          }
          extra={
            <Button type="primary" onClick={() => navigate('/')}>
              {t('checkout.home')}
            </Button>
          }
          data-testid="checkout-sent"
        />
      )}
    </Modal>
  );
}
