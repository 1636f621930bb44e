// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Connection, Queue } from '@atende/core-contract';

vi.mock('@atende/sdk-web', async (importOriginal) => {
  const real = await importOriginal<typeof import('@atende/sdk-web')>();
  // The kit inside the SDK calls the same `api` object: its methods are replaced in place.
  Object.assign(real.api, { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() });
  return real;
});
const { api, ApiError } = await import('@atende/sdk-web');
const { ConnectionsPage } = await import('./ConnectionsPage.js');
const { sessionActions } = await import('./connectionStatus.js');
const { greetingMissing } = await import('./ConnectionModal.js');
const { connection, fakeSocket, setUpShell, wrap } = await import('./testing.js');

const get = vi.mocked(api.get);
const post = vi.mocked(api.post);
const put = vi.mocked(api.put);
const del = vi.mocked(api.delete);

const QUEUES: Queue[] = [
  { id: 11, name: 'Ventas', color: '#E91E63', greetingMessage: '', outOfHoursMessage: '', orderQueue: null, schedules: [], promptId: null, integrationId: null },
  { id: 12, name: 'Soporte', color: '#2196F3', greetingMessage: '', outOfHoursMessage: '', orderQueue: null, schedules: [], promptId: null, integrationId: null },
];

function serve(rows: Connection[]) {
  get.mockImplementation(async (path: string) => (path === '/whatsapp' ? rows : path === '/queue' ? QUEUES : undefined) as never);
}

async function renderPage(rows: Connection[]) {
  serve(rows);
  const socket = fakeSocket();
  render(wrap(<ConnectionsPage />));
  await screen.findByTestId(`connection-row-${rows[0].id}`);
  return socket;
}

const buttonsOf = (id: number) =>
  within(screen.getByTestId(`connection-actions-${id}`))
    .getAllByRole('button')
    .map((b) => b.getAttribute('data-testid')!.replace(/^connection-/, '').replace(/-\d+$/, ''));

describe('connections page', { timeout: 30_000 }, () => {
  beforeAll(() => setUpShell('admin'));
  afterEach(() => {
    cleanup();
    vi.resetAllMocks();
  });

  it('offers the session buttons of each status', async () => {
    const rows = (['DISCONNECTED', 'qrcode', 'OPENING', 'CONNECTED', 'PAIRING', 'TIMEOUT'] as const).map((status, i) =>
      connection({ id: 100 + i, name: `C${i}`, status, qrcode: status === 'qrcode' ? 'QR-DATA' : '' }),
    );
    await renderPage(rows);
    expect(buttonsOf(100)).toEqual(['tryAgain', 'newQr']);
    expect(buttonsOf(101)).toEqual(['showQr']);
    expect(buttonsOf(102)).toEqual(['connecting']);
    expect(screen.getByTestId('connection-connecting-102').hasAttribute('disabled')).toBe(true);
    expect(buttonsOf(103)).toEqual(['disconnect']);
    expect(buttonsOf(104)).toEqual(['showCode', 'disconnect']);
    expect(buttonsOf(105)).toEqual(['disconnect']);
    for (const r of rows) expect(buttonsOf(r.id)).toEqual(sessionActions(r.status));
    // Last update as dd/MM/yy HH:mm (local time of the browser).
    const shown = within(screen.getByTestId('connection-row-100')).getByTestId('connection-updated').textContent;
    expect(shown).toMatch(/^\d{2}\/\d{2}\/26 \d{2}:\d{2}$/);
    // REVINCULAR belongs to the flow builder plugin: without it, nothing is shown.
    expect(screen.queryByTestId('connections-rebind')).toBeNull();
  });

  it('calls the session API of each button and follows the live status', async () => {
    const c = connection({ id: 7, name: 'Ventas', status: 'DISCONNECTED' });
    post.mockResolvedValue({ message: 'Starting session.' });
    del.mockResolvedValue(undefined);
    const socket = await renderPage([c]);

    fireEvent.click(screen.getByTestId('connection-tryAgain-7'));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/whatsappsession/7', {}));

    act(() => socket.emit('whatsappSession', { action: 'update', session: { id: 7, status: 'CONNECTED', qrcode: '', retries: 0, number: '51999', updatedAt: c.updatedAt } }));
    expect(buttonsOf(7)).toEqual(['disconnect']);
    expect(within(screen.getByTestId('connection-row-7')).getByTestId('connection-status').getAttribute('data-status')).toBe('CONNECTED');

    fireEvent.click(screen.getByTestId('connection-disconnect-7'));
    fireEvent.click(await screen.findByTestId('connection-disconnect-confirm'));
    await waitFor(() => expect(del).toHaveBeenCalledWith('/whatsappsession/7'));
  });

  it('asks a Baileys connection for a new QR by restarting its session', async () => {
    put.mockResolvedValue({ message: 'Restarting session.' });
    await renderPage([connection({ id: 12, provider: 'baileys', status: 'DISCONNECTED' })]);
    fireEvent.click(screen.getByTestId('connection-newQr-12'));
    await waitFor(() => expect(put).toHaveBeenCalledWith('/whatsappsession/12', {}));
    expect(post).not.toHaveBeenCalled();
    await screen.findByTestId('qr-waiting');
  });

  it('says so when the session ends before the QR was scanned', async () => {
    const c = connection({ id: 13, status: 'qrcode', qrcode: 'QR-13' });
    const socket = await renderPage([c]);
    fireEvent.click(screen.getByTestId('connection-showQr-13'));
    await screen.findByTestId('qr-code');
    act(() => socket.emit('whatsappSession', { action: 'update', session: { id: 13, status: 'DISCONNECTED', qrcode: '', retries: 0, number: null, updatedAt: c.updatedAt } }));
    await screen.findByTestId('qr-ended');
    expect(screen.getByTestId('qr-retry')).toBeTruthy();
  });

  it('shows the plan limit as a toast and keeps the new connection typed', async () => {
    post.mockRejectedValue(new ApiError(403, 'ERR_PLAN_LIMIT', 'limit', { resource: 'connections', limit: 1 }));
    await renderPage([connection({ id: 14 })]);
    fireEvent.click(screen.getByTestId('connections-add'));
    fireEvent.change(screen.getByTestId('connection-name'), { target: { value: 'Tercera' } });
    fireEvent.click(screen.getByTestId('connection-save'));
    await screen.findByText('Se alcanzó el límite de su plan para este recurso.');
    expect(post.mock.calls[0][0]).toBe('/whatsapp');
    expect(post.mock.calls[0][1]).toMatchObject({ name: 'Tercera', provider: 'baileys', maxUseBotQueues: 3, expiresTicket: 0, timeUseBotQueues: 0 });
    expect((screen.getByTestId('connection-name') as HTMLInputElement).value).toBe('Tercera');
  });

  it('hides session, add and edit buttons from who may not use them', async () => {
    await setUpShell('user');
    await renderPage([connection({ id: 9, status: 'DISCONNECTED' })]);
    expect(screen.queryByTestId('connection-actions-9')).toBeNull();
    expect(screen.queryByTestId('connections-add')).toBeNull();
    expect(screen.queryByTestId('connection-edit-9')).toBeNull();
    cleanup();
    await setUpShell('admin');
  });

  it('opens the QR dialog for a sandbox "new QR" and closes it when the QR is emptied', async () => {
    const c = connection({ id: 8, name: 'Demo', provider: 'sandbox', status: 'DISCONNECTED' });
    post.mockResolvedValue({ message: 'Starting session.' });
    const socket = await renderPage([c]);
    fireEvent.click(screen.getByTestId('connection-newQr-8'));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/whatsappsession/8', { qr: true }));
    await screen.findByTestId('qr-waiting');
    const session = { id: 8, retries: 0, number: null, updatedAt: c.updatedAt };
    act(() => socket.emit('whatsappSession', { action: 'update', session: { ...session, status: 'qrcode', qrcode: 'SANDBOX-QR-1' } }));
    expect((await screen.findByTestId('qr-code')).getAttribute('data-qr')).toBe('SANDBOX-QR-1');
    expect(screen.getByTestId('qr-steps').closest<HTMLElement>('.ant-modal-wrap')!.style.display).not.toBe('none');
    expect(screen.getByTestId('qr-steps').textContent).toContain('Dispositivos vinculados');
    // A refreshed QR replaces the old one.
    act(() => socket.emit('whatsappSession', { action: 'update', session: { ...session, status: 'qrcode', qrcode: 'SANDBOX-QR-2' } }));
    expect(screen.getByTestId('qr-code').getAttribute('data-qr')).toBe('SANDBOX-QR-2');
    act(() => socket.emit('whatsappSession', { action: 'update', session: { ...session, status: 'CONNECTED', qrcode: '' } }));
    // Closed (destroyed), not merely waiting for another QR.
    await waitFor(() => expect(screen.queryByTestId('qr-steps')).toBeNull());
    expect(screen.queryByTestId('qr-waiting')).toBeNull();
  });

  it('asks for a pairing code with a valid phone only', async () => {
    const c = connection({ id: 5, status: 'qrcode', qrcode: 'QR' });
    post.mockResolvedValue({});
    del.mockResolvedValue(undefined);
    const socket = await renderPage([c]);
    fireEvent.click(screen.getByTestId('connection-showQr-5'));
    fireEvent.click(await screen.findByTestId('qr-use-pairing'));
    fireEvent.change(screen.getByTestId('pairing-phone'), { target: { value: '12-34' } });
    fireEvent.click(screen.getByTestId('pairing-request'));
    await screen.findByText('Entre 8 y 15 dígitos.');
    expect(post).not.toHaveBeenCalled();
    fireEvent.change(screen.getByTestId('pairing-phone'), { target: { value: '+51 987 654 321' } });
    fireEvent.click(screen.getByTestId('pairing-request'));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/whatsappsession/5', { pairingPhone: '51987654321' }));
    // The running QR session was ended first: a pairing code is asked for when a session starts.
    expect(del).toHaveBeenCalledWith('/whatsappsession/5');
    await screen.findByTestId('pairing-view');
    act(() => socket.emit('whatsappSession', { action: 'update', session: { id: 5, status: 'PAIRING', qrcode: '', pairingCode: 'K7PQ2M9X', retries: 0, number: null, updatedAt: c.updatedAt } }));
    expect((await screen.findByTestId('pairing-code')).textContent).toContain('K7PQ2M9X');
    expect(buttonsOf(5)).toEqual(['showCode', 'disconnect']);
  });

  // Last: the widgets it registers stay for the rest of the file (hence at the end of the block).
  it('shows what plugins add: an action on every row and a page action (REVINCULAR comes from the flow builder)', async () => {
    const { widgetsRegistered } = await import('@atende/sdk-web');
    widgetsRegistered([
      { pluginId: 'flows', zone: 'connection.row.actions', load: async () => ({ default: ({ context }) => <button data-testid={`bind-${context.connection.id}`}>{context.connection.name}</button> }) },
      { pluginId: 'flows', zone: 'connections.page.actions', load: async () => ({ default: ({ context }) => <button data-testid="connections-rebind">REVINCULAR {context.connections.length}</button> }) },
    ]);
    await renderPage([connection({ id: 1, name: 'Ventas' }), connection({ id: 2, name: 'Soporte' })]);
    expect((await screen.findByTestId('bind-1')).textContent).toBe('Ventas');
    expect((await screen.findByTestId('bind-2')).textContent).toBe('Soporte');
    expect((await screen.findByTestId('connections-rebind')).textContent).toBe('REVINCULAR 2');
  });
});

describe('connection dialog: greeting with several queues', { timeout: 30_000 }, () => {
  beforeAll(() => setUpShell('admin'));
  afterEach(() => {
    cleanup();
    vi.resetAllMocks();
  });

  it('the rule: required only with more than one queue', () => {
    expect(greetingMissing([1, 2], '')).toBe(true);
    expect(greetingMissing([1, 2], '   ')).toBe(true);
    expect(greetingMissing([1, 2], 'Hola')).toBe(false);
    expect(greetingMissing([1], '')).toBe(false);
    expect(greetingMissing([], '')).toBe(false);
  });

  it('refuses to save two queues without a greeting, then saves once one is typed', async () => {
    const c = connection({ id: 3, name: 'Dos colas', queues: QUEUES.map(({ id, name, color }) => ({ id, name, color })) });
    put.mockImplementation(async (_p: string, body: unknown) => ({ ...c, ...(body as object) }) as never);
    await renderPage([c]);
    fireEvent.click(screen.getByTestId('connection-edit-3'));
    await waitFor(() => expect((screen.getByTestId('connection-name') as HTMLInputElement).value).toBe('Dos colas'));
    fireEvent.click(screen.getByTestId('connection-save'));
    await screen.findByText('El saludo es obligatorio cuando hay más de una cola.');
    expect(put).not.toHaveBeenCalled();

    fireEvent.change(screen.getByTestId('connection-greeting'), { target: { value: 'Hola, elija una opción' } });
    fireEvent.click(screen.getByTestId('connection-save'));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    expect(put.mock.calls[0][0]).toBe('/whatsapp/3');
    expect(put.mock.calls[0][1]).toMatchObject({ name: 'Dos colas', queueIds: [11, 12], greetingMessage: 'Hola, elija una opción', maxUseBotQueues: 3 });
  });

  it('keeps what was typed and marks the greeting when the server refuses it', async () => {
    const c = connection({ id: 4, name: 'Dos colas', queues: QUEUES.map(({ id, name, color }) => ({ id, name, color })) });
    put.mockRejectedValue(new ApiError(400, 'ERR_WAPP_GREETING_REQUIRED', 'greeting required'));
    await renderPage([c]);
    fireEvent.click(screen.getByTestId('connection-edit-4'));
    await waitFor(() => expect((screen.getByTestId('connection-name') as HTMLInputElement).value).toBe('Dos colas'));
    fireEvent.change(screen.getByTestId('connection-name'), { target: { value: 'Nombre nuevo' } });
    // The server has the last word: here it refuses a greeting the client accepted.
    fireEvent.change(screen.getByTestId('connection-greeting'), { target: { value: 'x' } });
    fireEvent.click(screen.getByTestId('connection-save'));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    await screen.findByText('El saludo es obligatorio cuando hay más de una cola.');
    expect((screen.getByTestId('connection-name') as HTMLInputElement).value).toBe('Nombre nuevo');
    expect(screen.getByTestId('connection-modal')).toBeTruthy();
  });
});

describe('a connection that ended for good says why (issue 10)', () => {
  it('shows the reason under a DISCONNECTED status, from the list and from live session events', async () => {
    const { StatusTag } = await import('./ConnectionsPage.js');
    const { signedInAs, wrap } = await import('../../testing.js');
    await signedInAs({ profile: 'admin' });
    render(wrap(<StatusTag status="DISCONNECTED" reason="outdated_client" />));
    expect(screen.getByTestId('connection-status-reason').textContent).toContain('desactualizada');
    const { applySession } = await import('./connectionStatus.js');
    const { connection } = await import('./testing.js');
    const [c] = applySession([connection({ id: 4 })], { id: 4, status: 'DISCONNECTED', statusReason: 'replaced', qrcode: '', retries: 0, number: null, updatedAt: '2026-11-24T00:00:00Z' });
    expect(c.statusReason).toBe('replaced');
  });
});
