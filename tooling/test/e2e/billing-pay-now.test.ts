import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { SUPER, TENANT_PASSWORD, client, createDatabase, queryDb, startServer, twoCompanies, type RunningServer } from '@atende/sdk-server/testing';
import { addMonths, priceDifference, upgradePrice, type Invoice } from '@atende/plugin-billing-contract';
import { launchBrowser } from '../support/browser.js';
import { signIn } from '../support/ui.js';

/**
 * Issue 38 item 13 in a real browser: a company renews before any invoice exists and pays; a company
 * upgrades paying the difference. After "Pay" the texts match the invoice (its number, amount, "in
 * review") and the due date, unchanged until the approval; the approval then renews / changes the plan.
 */
describe('billing: renew and upgrade whenever the company wants, in the browser', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let server: RunningServer;
  let browser: Browser;
  let api: ReturnType<typeof client>;
  let sup: string;
  let tiendaId: number;
  let admin: string;
  const DAY = 86_400_000;

  /** The amount and date as the screens write them (es-PE prices, es dates). */
  const money = (page: Page, v: number) => page.evaluate((n) => `S/ ${new Intl.NumberFormat('es-PE', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n)}`, v);
  const dateEs = (page: Page, iso: string) => page.evaluate((d) => new Date(d).toLocaleDateString('es', { day: '2-digit', month: '2-digit', year: 'numeric' }), iso);
  const dueOf = async (id: number) => ((await queryDb(db.url, `select due_date from companies where id = $1`, [id]))[0]!.due_date as Date).toISOString();
  /** Tienda's invoices, read as the super user (the browser sign-in ends the admin's API session: one session per user). */
  const tiendaInvoices = async () => ((await api.get('/api/invoices/all', sup)).body.invoices as Invoice[]).filter((i) => i.companyId === tiendaId);
  const planOf = async (id: number) => (await queryDb(db.url, `select plan_id from companies where id = $1`, [id]))[0]!.plan_id as number;

  beforeAll(async () => {
    db = await createDatabase();
    server = await startServer({ databaseUrl: db.url });
    api = client(server.url);
    ({ companyId: tiendaId, admin } = await twoCompanies(api));
    sup = (await api.login(SUPER.email, SUPER.password)).token;
    expect((await api.put('/api/settings/global/billing.payment_key', { value: 'Yape 999 111 222' }, sup)).status).toBe(200);
    expect((await api.put('/api/settings/global/billing.support_whatsapp', { value: '+51 944 555 666' }, sup)).status).toBe(200);
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await db?.drop();
  });

  it('renews 40 days before the due date, with no invoice yet: pays now, the texts match the invoice, renewed from the current due date on approval', async () => {
    const due = new Date(Date.now() + 40 * DAY).toISOString();
    expect((await api.put(`/api/companies/${tiendaId}`, { dueDate: due }, sup)).status).toBe(200);
    expect((await api.get('/api/invoices/all', admin)).body.invoices).toEqual([]);

    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, server.url, { email: 'admin@tienda.test', password: TENANT_PASSWORD });
    await page.goto(`${server.url}/subscription`);
    await page.getByTestId('sub-plan').waitFor({ timeout: 15_000 });
    const dueText = await dateEs(page, due);
    // Renew is enabled with no invoice, and says from when the new period counts.
    const rule = page.getByTestId('sub-renew-rule');
    await rule.waitFor({ timeout: 15_000 });
    expect(await rule.textContent()).toBe(`Puedes renovar cuando quieras: el nuevo periodo empieza el ${dueText} (tu vencimiento actual), no el día en que pagas.`);
    expect(await page.getByTestId('sub-renew-reason').count()).toBe(0);
    await page.waitForFunction(() => !(document.querySelector('[data-testid="sub-renew"]') as HTMLButtonElement | null)?.disabled, undefined, { timeout: 15_000 });
    await page.getByTestId('sub-renew').click();
    await page.getByTestId('checkout-next').click({ timeout: 15_000 });
    const [invoice] = await tiendaInvoices();
    expect(invoice).toMatchObject({ kind: 'renewal', status: 'open', dueDate: due, value: 99 });
    const amount = await money(page, 99);
    expect(await page.getByTestId('checkout-total').textContent()).toBe(`Pyme · Total: ${amount}`);
    await page.getByTestId('checkout-pay').click();
    const sent = page.getByTestId('checkout-sent');
    await sent.waitFor({ timeout: 15_000 });
    // After "Pay": this invoice, its amount, in review; the due date has not moved.
    expect(await sent.getByTestId('checkout-sent-invoice').textContent()).toBe(`Factura #${invoice.id} · ${amount} · En revisión`);
    await sent.getByText(`Cuando aprobemos el pago se renovará tu plan con su nuevo vencimiento; hasta entonces vence el ${dueText}.`).waitFor();
    await page.locator('.ant-message-notice').getByText(`Comprobante registrado. Mientras revisamos el pago puedes usar la plataforma hasta el ${dueText}; al aprobarlo se renovará tu plan.`).waitFor();
    expect(await dueOf(tiendaId)).toBe(due);
    await page.locator('.ant-modal-close').click();
    await page.getByTestId(`in-review-${invoice.id}`).waitFor({ timeout: 15_000 });
    // One payment at a time: Renew says why it waits.
    await page.getByTestId('sub-renew-reason').getByText('Tu pago está en revisión: el plan se renueva cuando lo aprobemos.').waitFor({ timeout: 15_000 });
    await page.screenshot({ path: 'tooling/test/artifacts/billing-renew-early.png' });

    expect((await api.post(`/api/invoices/${invoice.id}/approve`, {}, sup)).body.status).toBe('paid');
    const renewed = addMonths(due, 1).toISOString();
    await page.locator('.ant-message-notice').getByText(`Licencia renovada. Nuevo vencimiento: ${await dateEs(page, renewed)}`).waitFor({ timeout: 15_000 });
    expect(await dueOf(tiendaId)).toBe(renewed);
    await context.close();
  });

  it('upgrades paying the difference for the days left: the plan changes only when the payment is approved, the due date stays', async () => {
    sup = (await api.login(SUPER.email, SUPER.password)).token;
    const pro = (await api.post('/api/plans', { name: 'Pro', value: 249, users: 10, connections: 6, queues: 5 }, sup)).body as { id: number };
    const due = new Date(Date.now() + 15 * DAY - 60_000).toISOString();
    expect((await api.put(`/api/companies/${tiendaId}`, { dueDate: due }, sup)).status).toBe(200);
    const pymeId = await planOf(tiendaId);
    const price = upgradePrice(due, 99, 249);
    expect(price).toEqual({ days: 15, value: priceDifference(15, 99, 249) });

    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, server.url, { email: 'admin@tienda.test', password: TENANT_PASSWORD });
    await page.goto(`${server.url}/subscription`);
    await page.getByTestId('sub-plan').waitFor({ timeout: 15_000 });
    await page.getByTestId('sub-change').click();
    await page.locator('.ant-segmented-item', { hasText: 'Mejorar' }).click();
    await page.getByTestId('change-plan-select').click();
    await page.locator('.ant-select-item-option', { hasText: 'Pro' }).first().click();
    // Money is offered beside coins, priced before asking.
    const amount = await money(page, price.value);
    await page.getByTestId('change-pay-money').waitFor();
    expect(await page.getByTestId('change-price').textContent()).toBe(`Diferencia a pagar: ${amount} por 15 días`);
    await page.getByTestId('change-confirm').click();
    // The checkout opens on the review step with the same amount.
    await page.getByTestId('checkout-pay').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('checkout-total').textContent()).toBe(`Mejora a Pro · Total: ${amount}`);
    const dueText = await dateEs(page, due);
    expect(await page.getByTestId('checkout-difference').textContent()).toBe(`Diferencia de precio por 15 días hasta tu vencimiento (${dueText}).`);
    await page.getByTestId('checkout-pay').click();
    const sent = page.getByTestId('checkout-sent');
    await sent.waitFor({ timeout: 15_000 });
    const upgrade = (await tiendaInvoices()).find((i) => i.kind === 'upgrade')!;
    expect(upgrade).toMatchObject({ status: 'pending_review', value: price.value, requestedPlanId: pro.id, upgradeDays: 15 });
    expect(await sent.getByTestId('checkout-sent-invoice').textContent()).toBe(`Factura #${upgrade.id} · ${amount} · En revisión`);
    await sent.getByText(`Cuando aprobemos el pago tu plan cambiará a Pro; tu vencimiento no cambia: ${dueText}.`).waitFor();
    await page.locator('.ant-message-notice').getByText(`Comprobante registrado. Tu plan cambiará a Pro cuando aprobemos el pago; tu vencimiento sigue siendo el ${dueText}.`).waitFor();
    expect(await planOf(tiendaId)).toBe(pymeId);
    expect(await dueOf(tiendaId)).toBe(due);
    await page.locator('.ant-modal-close').click();
    const row = page.getByTestId(`invoice-${upgrade.id}`);
    await row.getByTestId(`in-review-${upgrade.id}`).waitFor({ timeout: 15_000 });
    expect(await row.textContent()).toContain(`Mejora de plan Pyme → Pro · 15 días`);
    await page.screenshot({ path: 'tooling/test/artifacts/billing-upgrade-money.png' });

    expect((await api.post(`/api/invoices/${upgrade.id}/approve`, {}, sup)).body.status).toBe('paid');
    await page.locator('.ant-message-notice').getByText(`Plan mejorado. Tu vencimiento sigue siendo el ${dueText}`).waitFor({ timeout: 15_000 });
    expect(await planOf(tiendaId)).toBe(pro.id);
    expect(await dueOf(tiendaId)).toBe(due);
    await context.close();
  });
});
