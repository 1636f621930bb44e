import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { client, createDatabase, eventually, queryDb, sandbox, startServer, twoCompanies, TENANT_PASSWORD, type RunningServer } from '@atende/sdk-server/testing';
import { launchBrowser } from '../support/browser.js';
import { choose, signIn } from '../support/ui.js';

const CUSTOMER = { number: '51944400001', name: 'Lucía Agenda' };

/**
 * The schedules plugin (plugins/schedules, in plugins/installed.json) in a real browser: from a ticket's
 * options menu an agent schedules a message for the ticket's contact (the same modal as the calendar's),
 * then finds it in the calendar's agenda with the contact's name; `?contactId=` opens a new one for
 * that contact, and the event's delete icon removes it.
 */
describe('schedules in the browser', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let server: RunningServer;
  let browser: Browser;
  let uuid: string;
  let contactId: number;
  const errors: string[] = [];

  beforeAll(async () => {
    db = await createDatabase();
    server = await startServer({ databaseUrl: db.url });
    const api = client(server.url);
    const { admin } = await twoCompanies(api);
    const box = sandbox(api, admin);
    const wa = await box.connect('Línea agenda');
    await box.say(wa, CUSTOMER.number, 'Hola, quiero una cita', CUSTOMER.name);
    const ticket = await eventually(async () => (await queryDb(db.url, `select t.uuid, t.contact_id from tickets t join contacts c on c.id = t.contact_id where c.number = $1`, [CUSTOMER.number]))[0]);
    uuid = ticket.uuid;
    contactId = ticket.contact_id;
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await db?.drop();
  });

  it('schedules a message from the ticket’s options menu and shows it in the calendar', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, server.url, { email: 'admin@tienda.test', password: TENANT_PASSWORD });
    await page.goto(`${server.url}/tickets/${uuid}`);
    await page.locator('[data-testid="ticket-view"][data-state="ready"]').waitFor({ timeout: 20_000 });

    await page.getByTestId('ticket-options').click();
    await page.getByTestId('ticket-schedule-message').click({ timeout: 15_000 });
    const modal = page.locator('.ant-modal', { has: page.getByTestId('schedule-form') });
    await modal.waitFor();
    // The ticket's contact is chosen, and the time defaults to one hour ahead.
    await modal.getByText(CUSTOMER.name).first().waitFor();
    const sendAt = await page.getByTestId('schedule-send-at').inputValue();
    expect(Math.abs(new Date(sendAt).getTime() - (Date.now() + 3_600_000))).toBeLessThan(5 * 60_000);

    // Too short a text is refused on the form.
    await page.getByTestId('schedule-body').fill('Hola');
    await page.getByTestId('schedule-save').click();
    await modal.getByText('Mínimo 5 caracteres').waitFor();
    await page.getByTestId('schedule-body').fill('Le recordamos su cita de mañana a las 10.');
    await page.getByTestId('schedule-save').click();
    await page.getByText('Agendamiento guardado').waitFor();
    await expect.poll(() => modal.isVisible()).toBe(false);

    const [row] = await queryDb(db.url, `select id, contact_id, status from schedules`);
    expect(row).toMatchObject({ contact_id: contactId, status: 'pending' });

    // In the calendar: the agenda lists it with the contact's name, edit and delete icons.
    await page.getByTestId('menu-schedules').click();
    await page.getByTestId('schedules-page').waitFor();
    await page.getByTestId('schedules-views').getByText('Agenda').click();
    const event = page.getByTestId(`schedule-event-${row.id}`);
    await event.waitFor({ timeout: 15_000 });
    expect(await event.textContent()).toContain(CUSTOMER.name);
    expect(await event.getByTestId('schedule-edit').count()).toBe(1);
    // The week view shows it too (one hour ahead is this week or, late on a Sunday, the next).
    await page.getByTestId('schedules-views').getByText('Semana', { exact: true }).click();
    const inWeek = async () => (await page.getByTestId(`schedule-event-${row.id}`).count()) > 0;
    if (!(await eventually(inWeek, 5000).catch(() => false))) await page.getByTestId('schedules-next').click();
    await page.getByTestId(`schedule-event-${row.id}`).waitFor({ timeout: 15_000 });
    await page.screenshot({ path: 'tooling/test/artifacts/schedules-week.png' });
    // The month view, in the dark theme too (antd tokens only: the cells follow the theme).
    await page.getByTestId('schedules-views').getByText('Mes', { exact: true }).click();
    await page.getByTestId('schedules-month').waitFor();
    await page.getByTestId('theme-toggle').click();
    const cellBg = await page.getByTestId('schedules-page').evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(cellBg).not.toBe('rgb(255, 255, 255)');
    await page.screenshot({ path: 'tooling/test/artifacts/schedules-month-dark.png' });
    await page.getByTestId('theme-toggle').click();

    // ?contactId= opens a new schedule for that contact.
    await page.goto(`${server.url}/schedules?contactId=${contactId}`);
    await modal.waitFor({ timeout: 15_000 });
    await modal.getByText(CUSTOMER.name).first().waitFor();
    await page.keyboard.press('Escape');

    // Delete from the event's icon.
    await page.getByTestId('schedules-views').getByText('Agenda').click();
    await page.getByTestId(`schedule-event-${row.id}`).getByTestId('schedule-delete').click();
    await page.getByTestId('confirm-ok').click();
    await expect.poll(() => page.getByTestId(`schedule-event-${row.id}`).count(), { timeout: 10_000 }).toBe(0);
    expect(await queryDb(db.url, `select id from schedules`)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('issue 38 item 12: at 390 px the month view shows each event\'s time and contact, and the view switcher fits', async () => {
    const api = client(server.url);
    const { token } = await api.login('admin@tienda.test', TENANT_PASSWORD);
    // Noon tomorrow (or today when tomorrow is next month: the view shows this month).
    const at = new Date();
    at.setDate(at.getDate() + 1);
    if (at.getMonth() !== new Date().getMonth()) at.setDate(at.getDate() - 1);
    at.setHours(23, 30, 0, 0);
    if (at.getTime() < Date.now()) at.setTime(Date.now() + 10 * 60_000);
    const made = await api.post('/api/schedules', { body: 'Recordatorio de su cita', contactId, sendAt: at.toISOString() }, token);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body.id as number;

    const page = await (await browser.newContext()).newPage();
    await signIn(page, server.url, { email: 'admin@tienda.test', password: TENANT_PASSWORD });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/schedules`);
    await page.getByTestId('schedules-month').waitFor({ timeout: 15_000 });
    const event = page.getByTestId(`schedule-event-${id}`);
    await event.waitFor({ timeout: 15_000 });
    const time = await page.evaluate((iso) => new Date(iso).toLocaleTimeString('es', { hour: '2-digit', minute: '2-digit' }), at.toISOString());
    expect(await event.getByTestId('schedule-event-time').textContent()).toBe(time);
    // The name is there and visible (at least its first letters), not only icons.
    const name = event.getByTestId('schedule-event-name');
    expect(await name.textContent()).toBe(CUSTOMER.name);
    expect((await name.boundingBox())!.width).toBeGreaterThan(20);
    // Nothing sticks out sideways, the view switcher included.
    const sideways = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(await sideways()).toBeLessThanOrEqual(0);
    const views = (await page.getByTestId('schedules-views').boundingBox())!;
    expect(views.x + views.width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: 'tooling/test/artifacts/schedules-month-390.png' });
    // A tap on the event opens it for editing; the switcher changes the view.
    await event.click();
    await page.getByTestId('schedule-form').waitFor({ timeout: 5000 });
    await page.keyboard.press('Escape');
    await choose(page, 'schedules-views', 'Agenda');
    await page.getByTestId(`schedule-event-${id}`).getByTestId('schedule-delete').waitFor({ timeout: 15_000 });
  });
});
