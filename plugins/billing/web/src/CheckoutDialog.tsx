import { useEffect, useState } from 'react';
import { Alert, App, Button, Flex, Image, Modal, Result, Steps, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import { ApiError, call, errorText, useT } from '@atende/sdk-web';
import { BILLING_ENDPOINTS, RECURRENCE_MONTHS, renewalWithPlan, upgradePrice, type Invoice, type PlanCard, type SubscriptionOverview } from '@atende/plugin-billing-contract';
import { NS, dateText, money } from './common.js';
import { SupportContact } from './SupportContact.js';
import { PlanCards } from './PlanCards.js';

/**
 * What the server will put on the invoice for this plan (contract rules, the same functions it uses):
 * a renewal is the plan × months, plus the difference for the days left when a more expensive plan is
 * chosen before the current period ends; an upgrade invoice is that difference alone.
 */
export function checkoutPrice(invoice: Pick<Invoice, 'kind'>, plan: PlanCard, overview: Pick<SubscriptionOverview, 'plan' | 'dueDate' | 'recurrence'>) {
  const from = overview.plan?.value ?? 0;
  if (invoice.kind === 'upgrade') {
    const p = upgradePrice(overview.dueDate, from, plan.value);
    return { total: p.value, days: p.days, difference: p.value };
  }
  const months = RECURRENCE_MONTHS[overview.recurrence];
  if (plan.id === overview.plan?.id) return { total: plan.value * months, days: 0, difference: 0 };
  const r = renewalWithPlan(overview.dueDate, from, plan.value, months);
  return { total: r.total, days: r.days, difference: r.difference };
}

/**
 * Checkout (commercial-admin §2): step 1 customise (plan cards), step 2 review (payment QR, key and
 * three instructions from the platform settings, Back and Pay), then 'Pago Enviado a Revisión'. An
 * upgrade invoice (its plan chosen in Change plan) opens on the review step, its cards limited to bigger
 * plans. After Pay the result reads the invoice back: its number, amount and "in review", and the due
 * date as the server holds it (unchanged until the approval, but for a short grace).
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
  /** The invoice as the server stored it once sent to review. */
  const [sent, setSent] = useState<Invoice | null>(null);
  const upgrade = invoice?.kind === 'upgrade';

  useEffect(() => {
    if (invoice) {
      setStep(invoice.kind === 'upgrade' && invoice.requestedPlanId ? 1 : 0);
      setSent(null);
      setPlanId(invoice.requestedPlanId ?? overview.plan?.id ?? invoice.planId ?? null);
    }
  }, [invoice, overview.plan?.id]);

  const choices = upgrade ? overview.plans.filter((p) => p.connections > (overview.plan?.connections ?? 0)) : overview.plans;
  const plan = choices.find((p) => p.id === planId) ?? null;
  const price = invoice && plan ? checkoutPrice(invoice, plan, overview) : null;

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
      // and the invoice as the server has them now (read back, not guessed).
      const [o, stored] = await Promise.all([
        call(BILLING_ENDPOINTS.overview).catch(() => null),
        call(BILLING_ENDPOINTS.invoices, { query: { searchParam: String(invoice.id), pageNumber: 1 } }).then((r) => r.invoices.find((i) => i.id === invoice.id) ?? null, () => null),
      ]);
      const due = o?.dueDate ?? overview.dueDate;
      setUsableUntil(due);
      setSent(stored);
      const date = dateText(due, i18n.language);
      void message.success({ content: upgrade ? t('checkout.successUpgrade', { plan: plan.name, date }) : t('checkout.success', { date }), duration: 6 });
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
    <Modal open={!!invoice} title={upgrade ? t('checkout.titleUpgrade') : t('checkout.title')} onCancel={onClose} footer={null} width={760} destroyOnHidden data-testid="checkout-dialog">
      {step < 2 && <Steps current={step} size="small" style={{ marginBottom: 16 }} items={[{ title: t('checkout.stepCustomize') }, { title: t('checkout.stepReview') }]} />}
      {step === 0 && (
        <Flex vertical gap={16}>
          <PlanCards plans={choices} currentId={overview.plan?.id ?? null} value={planId} onChange={setPlanId} />
          <Flex justify="flex-end">
            <Button type="primary" onClick={next} data-testid="checkout-next">
              {t('checkout.next')}
            </Button>
          </Flex>
        </Flex>
      )}
      {step === 1 && plan && (
        <Flex vertical gap={16} align="center">
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="checkout-total">
            {upgrade ? t('checkout.upgradeTo', { plan: plan.name }) : plan.name} · {t('checkout.total')}: {money(price?.total ?? 0)}
          </Typography.Title>
          {price && price.difference > 0 && (
            <Typography.Text type="secondary" data-testid="checkout-difference">
              {t(upgrade ? 'checkout.upgradeDifference' : 'checkout.renewalDifference', { value: money(price.difference), days: t('days', { count: price.days }), date: dateText(overview.dueDate, i18n.language) })}
            </Typography.Text>
          )}
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
              {sent && (
                <span data-testid="checkout-sent-invoice">
                  {t('checkout.sentInvoice', { id: sent.id, value: money(sent.value), status: t(`status.${sent.status}`) })}
                </span>
              )}
              <span>
                {upgrade
                  ? t('checkout.nextStepsUpgrade', { plan: plan?.name ?? '', date: dateText(usableUntil ?? overview.dueDate, i18n.language) })
                  : t('checkout.nextSteps', { date: dateText(usableUntil ?? overview.dueDate, i18n.language) })}
              </span>
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
