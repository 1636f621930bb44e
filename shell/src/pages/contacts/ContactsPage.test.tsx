// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useParams } from 'react-router-dom';
import type { ContactDto, TicketDto } from '@atende/core-contract';

vi.mock('@atende/sdk-web', async (importOriginal) => {
  const real = await importOriginal<typeof import('@atende/sdk-web')>();
  // The kit inside the SDK calls the same `api` object: its methods are replaced in place.
  Object.assign(real.api, { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() });
  return real;
});
const { api, ApiError } = await import('@atende/sdk-web');
const { ContactsPage, importProblem } = await import('./ContactsPage.js');
const { fakeSocket, setUpShell, wrap } = await import('../connections/testing.js');

const get = vi.mocked(api.get);
const post = vi.mocked(api.post);

const contact = (over: Partial<ContactDto> = {}): ContactDto => ({
  id: 7,
  uuid: 'c-7',
  name: 'Lucía Ramos',
  number: '51987654321',
  email: '',
  profilePicUrl: '',
  isGroup: false,
  whatsappId: null,
  extraInfo: [],
  createdAt: '2026-11-23T10:00:00.000Z',
  ...over,
});

function TicketProbe() {
  return <div data-testid="ticket-route">{useParams().uuid}</div>;
}

async function renderPage(profile: 'admin' | 'user', contacts: ContactDto[]) {
  await setUpShell(profile); // signed in as user id 1
  get.mockImplementation(async (path: string) => (path === '/contacts' ? ({ contacts, hasMore: false } as never) : (undefined as never)));
  const socket = fakeSocket();
  render(
    wrap(
      <Routes>
        <Route path="*" element={<ContactsPage />} />
        <Route path="/tickets/:uuid" element={<TicketProbe />} />
      </Routes>,
    ),
  );
  if (contacts.length) await screen.findByTestId(`contact-row-${contacts[0].id}`);
  else await screen.findByText('Aún no hay contactos.');
  return socket;
}

const ticket = (over: Partial<TicketDto>) => ({ id: 1, uuid: 't-1', userId: null, user: null, queue: null, ...over }) as TicketDto;

describe('contacts page', () => {
  afterEach(() => {
    cleanup();
    vi.resetAllMocks();
  });

  it('delete is offered to admins only', async () => {
    await renderPage('user', [contact()]);
    expect(screen.queryByTestId('contact-delete-7')).toBeNull();
    cleanup();
    await renderPage('admin', [contact()]);
    expect(screen.getByTestId('contact-delete-7')).toBeTruthy();
  });

  it('open chat creates an open ticket and goes to /tickets/{uuid}', async () => {
    await renderPage('user', [contact()]);
    post.mockResolvedValue(ticket({ uuid: 'new-uuid' }) as never);
    fireEvent.click(screen.getByTestId('contact-chat-7'));
    expect((await screen.findByTestId('ticket-route')).textContent).toBe('new-uuid');
    expect(post).toHaveBeenCalledWith('/tickets', { contactId: 7, status: 'open' });
  });

  it('an existing ticket of mine (409) is opened; another user’s is named with its queue', async () => {
    await renderPage('user', [contact()]);
    post.mockRejectedValueOnce(
      new ApiError(409, 'ERR_OTHER_OPEN_TICKET', 'open', {
        ticket: ticket({ uuid: 'theirs', userId: 5, user: { id: 5, name: 'Bruno' }, queue: { id: 2, name: 'Ventas', color: '#000' } }),
      }),
    );
    fireEvent.click(screen.getByTestId('contact-chat-7'));
    await screen.findByText('Este contacto ya está siendo atendido por Bruno en la cola Ventas.');
    expect(screen.queryByTestId('ticket-route')).toBeNull();

    post.mockRejectedValueOnce(new ApiError(409, 'ERR_OTHER_OPEN_TICKET', 'open', { ticket: ticket({ uuid: 'mine', userId: 1 }) }));
    fireEvent.click(screen.getByTestId('contact-chat-7'));
    expect((await screen.findByTestId('ticket-route')).textContent).toBe('mine');
  });

  it('import accepts .xlsx only (checked before sending) and shows the result dialog', async () => {
    expect(importProblem(new File(['a'], 'contacts.csv'))).toBe('xlsxOnly');
    expect(importProblem(new File(['a'], 'CONTACTS.XLSX'))).toBeNull();
    await renderPage('admin', []);
    const pick = (f: File) => fireEvent.change(screen.getByTestId('contacts-import-input'), { target: { files: [f] } });

    pick(new File(['a,b'], 'contacts.csv', { type: 'text/csv' }));
    // The refusal says which format works and how to get it from a .csv or .xls (issue 36 item 7).
    await screen.findByText(/^Solo se aceptan archivos .xlsx. Abra su archivo \(.csv o .xls\)/);
    expect(post).not.toHaveBeenCalled();

    post.mockResolvedValue({
      newContacts: [{ contactId: 11, contactName: 'Ana Import' }],
      errorBag: [{ contactName: 'Sin Número', error: { message: 'number: too_short; email: invalid_email' } }, { contactName: 'Duplicado', error: { message: 'ERR_DUPLICATED_CONTACT' } }],
    } as never);
    pick(new File(['PK'], 'contactos.xlsx'));
    await screen.findByTestId('contacts-import-created-11');
    expect(post.mock.calls[0]![0]).toBe('/contacts/upload');
    expect(((post.mock.calls[0]![1] as FormData).get('file') as File).name).toBe('contactos.xlsx');
    expect(screen.getByTestId('contacts-import-error-0').textContent).toContain(
      'Número: El teléfono debe tener al menos 8 dígitos; Correo electrónico: Correo electrónico inválido',
    );
    expect(screen.getByTestId('contacts-import-error-1').textContent).toContain('Ya existe un contacto con este número.');
    // The list is read again after the import.
    await waitFor(() => expect(get.mock.calls.filter(([p]) => p === '/contacts').length).toBeGreaterThanOrEqual(2));
  });

  it('import from the phone is offered to admins only, like the server allows', async () => {
    await renderPage('user', [contact()]);
    expect(screen.queryByTestId('contacts-import-phone')).toBeNull();
    cleanup();
    await renderPage('admin', [contact()]);
    expect(screen.getByTestId('contacts-import-phone').textContent).toContain('Importar desde el teléfono');
  });

  it('the CSV export is offered only with contacts-page:exportContacts (admins by default), like the server allows (issue 9 item 15)', async () => {
    await renderPage('user', [contact()]);
    expect(screen.queryByTestId('contacts-export')).toBeNull();
    cleanup();
    await renderPage('admin', [contact()]);
    expect(screen.getByTestId('contacts-export')).toBeTruthy();
  });

  it('import from the phone asks first, posts to /contacts/import, tells how many and reads the list again', async () => {
    await renderPage('admin', [contact()]);
    const listReads = () => get.mock.calls.filter(([p]) => p === '/contacts').length;
    const before = listReads();
    post.mockResolvedValue({ imported: 3 } as never);
    fireEvent.click(screen.getByTestId('contacts-import-phone'));
    expect(post).not.toHaveBeenCalled(); // nothing happens before the confirmation
    fireEvent.click(await screen.findByTestId('contacts-import-phone-confirm'));
    await screen.findByText('3 contactos importados');
    expect(post).toHaveBeenCalledWith('/contacts/import', {});
    await waitFor(() => expect(listReads()).toBeGreaterThan(before));

    post.mockResolvedValue({ imported: 1 } as never);
    fireEvent.click(screen.getByTestId('contacts-import-phone'));
    fireEvent.click(await screen.findByTestId('contacts-import-phone-confirm'));
    await screen.findByText('1 contacto importado');
  });

  it('import from the phone shows the server error through the shared error toast', async () => {
    await renderPage('admin', []);
    post.mockRejectedValue(new ApiError(400, 'ERR_WAPP_NOT_INITIALIZED', 'not initialised'));
    fireEvent.click(screen.getByTestId('contacts-import-phone'));
    fireEvent.click(await screen.findByTestId('contacts-import-phone-confirm'));
    await screen.findByText('La sesión de WhatsApp no fue inicializada. Revise la página de conexiones.');
  });

  it('a live reload event (many contacts changed at once) reads the list again', async () => {
    const socket = await renderPage('user', [contact()]);
    get.mockImplementation(async (path: string) =>
      path === '/contacts' ? ({ contacts: [contact(), contact({ id: 9, name: 'Desde el teléfono' })], hasMore: false } as never) : (undefined as never),
    );
    socket.emit('contact', { action: 'reload' });
    await screen.findByTestId('contact-row-9');
  });

  it('search is sent to the server and the next page loads near the bottom of the list', async () => {
    await setUpShell('user');
    get.mockImplementation(async (path: string, opts?: { query?: Record<string, unknown> }) => {
      if (path !== '/contacts') return undefined as never;
      const page = Number(opts?.query?.pageNumber);
      return { contacts: [contact({ id: page * 100, name: `Página ${page}` })], hasMore: page === 1 } as never;
    });
    fakeSocket();
    render(wrap(<ContactsPage />));
    await screen.findByTestId('contact-row-100');
    // happy-dom has no layout: every scroll position counts as "within 100 px of the bottom".
    fireEvent.scroll(screen.getByTestId('contacts-scroll'));
    await screen.findByTestId('contact-row-200');
    expect(screen.getByTestId('contact-row-100')).toBeTruthy();
    fireEvent.change(screen.getByTestId('contacts-search'), { target: { value: ' Lucía ' } });
    await waitFor(() => expect(get).toHaveBeenCalledWith('/contacts', { query: { searchParam: 'Lucía', pageNumber: 1 } }), { timeout: 2000 });
  });

  it('live contact events update, add and remove rows', async () => {
    const socket = await renderPage('user', [contact()]);
    socket.emit('contact', { action: 'update', contact: contact({ name: 'Lucía Torres' }) });
    await waitFor(() => expect(screen.getByTestId('contact-name-7').textContent).toBe('Lucía Torres'));
    socket.emit('contact', { action: 'create', contact: contact({ id: 8, name: 'Nuevo' }) });
    await screen.findByTestId('contact-row-8');
    socket.emit('contact', { action: 'delete', contactId: 7 });
    await waitFor(() => expect(screen.queryByTestId('contact-row-7')).toBeNull());
  });
});
