import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { SUPER, TENANT_PASSWORD, client, createDatabase, queryDb, startServer, twoCompanies, type RunningServer } from '@atende/sdk-server/testing';
import { launchBrowser } from '../support/browser.js';
import { signIn } from '../support/ui.js';

/**
 * Billing (plugins/billing) in a real browser: an expired company is confined to /financeiro and
 * /subscription, pays its overdue invoice through the checkout, the super user approves it on the review
 * screen, and the company is told live (toast), renewed and sent home with the whole menu back.
 */
describe('billing in the browser', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let server: RunningServer;
  let browser: Browser;
  let api: ReturnType<typeof client>;
  let sup: string;
  let tiendaId: number;

  beforeAll(async () => {
    db = await createDatabase();
    server = await startServer({ databaseUrl: db.url });
    api = client(server.url);
    ({ companyId: tiendaId } = await twoCompanies(api));
    sup = (await api.login(SUPER.email, SUPER.password)).token;
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await db?.drop();
  });

  it('an expired company is confined to billing, pays, is approved and gets the platform back', async () => {
    expect((await api.put(`/api/companies/${tiendaId}`, { dueDate: new Date(Date.now() - 3 * 86_400_000).toISOString() }, sup)).status).toBe(200);
    expect((await api.put('/api/settings/global/billing.payment_key', { value: 'Yape 999 111 222' }, sup)).status).toBe(200);
    expect((await api.put('/api/settings/global/billing.support_whatsapp', { value: '+51 944 555 666' }, sup)).status).toBe(200);
    expect((await api.post('/api/invoices/generate', {}, sup)).body.created).toBe(1);
    const invoice = (await api.get('/api/invoices/all', sup)).body.invoices[0] as { id: number };

    const company = await browser.newContext();
    const page = await company.newPage();
    await signIn(page, server.url, { email: 'admin@tienda.test', password: TENANT_PASSWORD });
    await page.waitForURL((u) => u.pathname === '/financeiro', { timeout: 15_000 });
    await page.getByTestId('financeiro-page').waitFor({ timeout: 15_000 });
    // Only the billing area is in the menu (one entry, issue 36 item 9); another page sends back to it.
    await page.getByTestId('menu-financeiro').waitFor();
    expect(await page.getByTestId('menu-subscription').count()).toBe(0);
    await page.getByTestId('subscription-page').waitFor();
    expect(await page.getByTestId('menu-todolist').count()).toBe(0);
    expect(await page.getByTestId('billing-renew-link').count()).toBe(0);
    await page.goto(`${server.url}/todolist`);
    await page.waitForURL((u) => u.pathname === '/financeiro', { timeout: 15_000 });
    const row = page.getByTestId(`invoice-${invoice.id}`);
    await row.waitFor({ timeout: 15_000 });
    expect(await row.textContent()).toContain('Vencida');

    await page.getByTestId(`pay-${invoice.id}`).click();
    await page.getByTestId('checkout-next').click();
    await page.getByText('Yape 999 111 222').waitFor();
    expect(await page.getByTestId('checkout-instructions').locator('li').count()).toBe(3);
    // Issue 38 item 15: the steps name the support WhatsApp from the platform's settings, with its chat link.
    const support = page.getByTestId('checkout-support');
    expect(await support.textContent()).toContain('+51 944 555 666');
    expect(await support.locator('a').getAttribute('href')).toBe('https://wa.me/51944555666');
    await page.getByTestId('checkout-pay').click();
    await page.getByTestId('checkout-sent').waitFor({ timeout: 15_000 });
    await page.getByTestId('checkout-sent').getByText('Pago Enviado a Revisión').waitFor();
    // Issue 38 item 14: the toast says what happens next (nothing is activated yet), and so does the result.
    // The date it names is the due date the server now holds (a short grace while the payment is reviewed).
    const due = (await queryDb(db.url, `select due_date from companies where id = $1`, [tiendaId]))[0]!.due_date as Date;
    const dueText = await page.evaluate((iso) => new Date(iso).toLocaleDateString('es', { day: '2-digit', month: '2-digit', year: 'numeric' }), due.toISOString());
    await page.locator('.ant-message-notice').getByText(`Comprobante registrado. Mientras revisamos el pago puedes usar la plataforma hasta el ${dueText}; al aprobarlo se renovará tu plan.`).waitFor();
    expect(await page.locator('.ant-message-notice').getByText('activado').count()).toBe(0);
    await page.getByTestId('checkout-sent').getByText(`Cuando aprobemos el pago se renovará tu plan con su nuevo vencimiento; hasta entonces vence el ${dueText}.`).waitFor();
    await page.getByTestId('checkout-sent').getByTestId('checkout-support').waitFor();
    // The payment channel's PENDING_REVIEW arrived live as an info toast.
    await page.locator('.ant-message-notice').getByText('Pago enviado a revisión').waitFor();
    // The invoice under review offers no second "Pay".
    await page.locator('.ant-modal-close').click();
    await row.getByTestId(`in-review-${invoice.id}`).waitFor({ timeout: 15_000 });
    expect(await page.getByTestId(`pay-${invoice.id}`).count()).toBe(0);
    await page.screenshot({ path: 'tooling/test/artifacts/billing-checkout.png' });

    // The super user approves on the review screen.
    const admin = await browser.newContext();
    const review = await admin.newPage();
    await signIn(review, server.url, SUPER);
    await review.goto(`${server.url}/billing-review`);
    await review.getByTestId(`approve-${invoice.id}`).click({ timeout: 15_000 });
    await review.locator('.ant-modal-confirm-btns .ant-btn-primary').click();
    await review.getByText('Pago aprobado').waitFor({ timeout: 15_000 });
    await review.screenshot({ path: 'tooling/test/artifacts/billing-review.png' });

    // The company is told live, renewed, and sent home with the whole menu.
    await page.getByText('Licencia renovada', { exact: false }).waitFor({ timeout: 15_000 });
    await page.waitForURL((u) => u.pathname !== '/financeiro', { timeout: 15_000 });
    await page.getByTestId('menu-todolist').waitFor({ timeout: 15_000 });
    await page.getByTestId('billing-renew-link').click();
    await page.getByTestId('subscription-page').waitFor({ timeout: 15_000 });
    await page.getByText('Mi Plan de Suscripción').waitFor();
    await page.screenshot({ path: 'tooling/test/artifacts/billing-subscription.png' });
    await admin.close();
    await company.close();
  });
  it('issue 27 item 3: an expired company never invoiced lands on billing with an invoice to pay and an enabled Renew', async () => {
    // The super user's browser sign-in above ended this API session (one session per user).
    sup = (await api.login(SUPER.email, SUPER.password)).token;
    const made = await api.post(
      '/api/companies',
      { name: 'Olvidada', email: 'admin@olvidada.test', password: TENANT_PASSWORD, planId: (await api.get('/api/plans/list')).body[0].id, dueDate: new Date(Date.now() - 2 * 86_400_000).toISOString() },
      sup,
    );
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, server.url, { email: 'admin@olvidada.test', password: TENANT_PASSWORD });
    await page.waitForURL((u) => u.pathname === '/financeiro', { timeout: 15_000 });
    // No job ran: the page itself gets the open invoice created, with its Pay action.
    const pay = page.locator('[data-testid^="pay-"]');
    await pay.first().waitFor({ timeout: 15_000 });
    expect(await pay.first().isEnabled()).toBe(true);
    // The billing area shows the plan beside the invoices: renew from the same screen.
    await page.getByTestId('subscription-page').waitFor({ timeout: 15_000 });
    const renew = page.getByTestId('sub-renew');
    await renew.waitFor();
    await page.waitForFunction(() => !(document.querySelector('[data-testid="sub-renew"]') as HTMLButtonElement | null)?.disabled, undefined, { timeout: 15_000 });
    await renew.click();
    await page.getByTestId('checkout-next').waitFor({ timeout: 15_000 });
    await context.close();
  });
  it('issue 38 items 15-16: without a support number the super user is told and the steps say so; 390 px pages do not scroll sideways', async () => {
    sup = (await api.login(SUPER.email, SUPER.password)).token;
    expect((await api.put('/api/settings/global/billing.payment_key', { value: 'Yape 999 111 222' }, sup)).status).toBe(200);
    expect((await api.put('/api/settings/global/billing.support_whatsapp', { value: '' }, sup)).status).toBe(200);
    // An invoice to pay: due in 5 days, inside the 10-day invoicing window.
    expect((await api.put(`/api/companies/${tiendaId}`, { dueDate: new Date(Date.now() + 5 * 86_400_000).toISOString() }, sup)).status).toBe(200);
    await api.post('/api/invoices/generate', {}, sup);
    const superCtx = await browser.newContext();
    const sp = await superCtx.newPage();
    await signIn(sp, server.url, SUPER);
    await sp.getByTestId('menu-settings').click();
    await sp.getByRole('tab', { name: 'Facturación' }).click();
    const warn = sp.getByTestId('billing-settings-missing');
    await warn.waitFor({ timeout: 15_000 });
    expect(await warn.textContent()).toContain('Falta el WhatsApp de soporte al que las empresas envían el comprobante.');
    expect(await warn.textContent()).not.toContain('Falta el QR o la clave');
    await superCtx.close();

    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, server.url, { email: 'admin@tienda.test', password: TENANT_PASSWORD });
    await page.setViewportSize({ width: 390, height: 844 });
    const sideways = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    await page.goto(`${server.url}/subscription`);
    await page.getByTestId('subscription-page').waitFor({ timeout: 15_000 });
    await page.getByTestId('sub-plan').waitFor({ timeout: 15_000 });
    await page.locator('[data-testid^="invoice-"]').first().waitFor({ timeout: 15_000 });
    expect(await sideways()).toBeLessThanOrEqual(0);
    await page.screenshot({ path: 'tooling/test/artifacts/billing-subscription-390.png', fullPage: true });
    // Renew opens the checkout; the current plan's badge sits under the name, which keeps its width.
    await page.waitForFunction(() => !(document.querySelector('[data-testid="sub-renew"]') as HTMLButtonElement | null)?.disabled, undefined, { timeout: 15_000 });
    expect(await page.getByTestId('sub-renew-reason').count()).toBe(0);
    await page.getByTestId('sub-renew').click();
    const current = page.locator('[data-testid^="plan-current-"]');
    await current.waitFor({ timeout: 15_000 });
    const planId = (await current.getAttribute('data-testid'))!.replace('plan-current-', '');
    // Both boxes in one frame: the modal opens with a zoom, so two separate reads can straddle it.
    const gap = await page.evaluate((id) => {
      const name = document.querySelector(`[data-testid="plan-name-${id}"]`)!.getBoundingClientRect();
      const badge = document.querySelector(`[data-testid="plan-current-${id}"]`)!.getBoundingClientRect();
      return badge.top - name.bottom;
    }, planId);
    expect(gap).toBeGreaterThanOrEqual(-1);
    expect(await sideways()).toBeLessThanOrEqual(0);
    // Without a support number, the payment step says so instead of pointing at "our support".
    await page.getByTestId('checkout-next').click();
    await page.getByTestId('checkout-no-support').waitFor({ timeout: 5000 });
    expect(await page.getByTestId('checkout-support').count()).toBe(0);
    await page.screenshot({ path: 'tooling/test/artifacts/billing-checkout-390.png' });
    await page.locator('.ant-modal-close').click();
    await page.goto(`${server.url}/reseller`);
    await page.getByTestId('reseller-page').waitFor({ timeout: 15_000 });
    await expect.poll(() => page.getByTestId('reseller-referrals').textContent(), { timeout: 15_000 }).toMatch(/\d/);
    expect(await sideways()).toBeLessThanOrEqual(0);
    await page.screenshot({ path: 'tooling/test/artifacts/billing-reseller-390.png', fullPage: true });
    await context.close();
  });
});
