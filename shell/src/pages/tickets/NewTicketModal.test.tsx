// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ContactDto } from '@atende/core-contract';

vi.mock('@atende/sdk-web', async (importOriginal) => {
  const real = await importOriginal<typeof import('@atende/sdk-web')>();
  // The kit inside the SDK calls the same `api` object: its methods are replaced in place.
  Object.assign(real.api, { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() });
  return real;
});
// The contact form is another area's; here only whether it is opened, and with what, matters.
vi.mock('../contacts/ContactModal.js', () => ({
  ContactModal: (p: { open: boolean; initialValues?: { name?: string; number?: string } }) =>
    p.open ? <div data-testid="contact-modal-stub">{JSON.stringify(p.initialValues)}</div> : null,
}));
const { api, ApiError } = await import('@atende/sdk-web');
const { NewTicketModal } = await import('./NewTicketModal.js');
const { setUpShell, ticket, wrap } = await import('./testing.js');

const get = vi.mocked(api.get);
const post = vi.mocked(api.post);

const CARLA: ContactDto = { id: 5, uuid: 'c5', name: 'Carla Cliente', number: '51900000005', email: '', profilePicUrl: '', isGroup: false, whatsappId: 1, extraInfo: [], createdAt: '' };
const QUEUES = [
  { id: 11, name: 'Ventas', color: '#E91E63' },
  { id: 12, name: 'Soporte', color: '#2196F3' },
];

async function renderModal() {
  get.mockImplementation(async (path: string) =>
    (path === '/whatsapp' ? [{ id: 1, name: 'Línea', isDefault: true }] : path === '/contacts' ? { contacts: [CARLA], hasMore: false } : undefined) as never,
  );
  const onOpenTicket = vi.fn();
  const onClose = vi.fn();
  render(wrap(<NewTicketModal open queues={QUEUES} onClose={onClose} onOpenTicket={onOpenTicket} />));
  await waitFor(() => expect(get).toHaveBeenCalledWith('/whatsapp'));
  return { onOpenTicket, onClose };
}

/** Types into the contact box and lets the 500 ms debounce pass. */
async function typeContact(text: string) {
  const input = screen.getByTestId('new-ticket-contact').querySelector('input') ?? screen.getByTestId('new-ticket-contact');
  fireEvent.change(input, { target: { value: text } });
  await act(() => new Promise((r) => setTimeout(r, 550)));
  return input;
}

async function chooseCarla() {
  const input = await typeContact('Car');
  fireEvent.mouseDown(input);
  fireEvent.click(await screen.findByTestId('new-ticket-contact-5'));
  await screen.findByTestId('new-ticket-chosen');
}

describe('new ticket modal', () => {
  afterEach(() => {
    cleanup();
    vi.resetAllMocks();
  });

  it('searches contacts only from 3 characters', async () => {
    await setUpShell({ profile: 'user' });
    await renderModal();
    await typeContact('Ca');
    expect(get).not.toHaveBeenCalledWith('/contacts', expect.anything());
    await typeContact('Car');
    expect(get).toHaveBeenCalledWith('/contacts', { query: { searchParam: 'Car', pageNumber: 1 } });
  });

  it('a typed name without a number offers the contact form with that name', async () => {
    await setUpShell({ profile: 'user' });
    await renderModal();
    const input = await typeContact('Rosa Nueva');
    fireEvent.mouseDown(input);
    fireEvent.click(await screen.findByTestId('new-ticket-create-contact'));
    expect((await screen.findByTestId('contact-modal-stub')).textContent).toBe(JSON.stringify({ name: 'Rosa Nueva' }));
  });

  it('a queue is required unless admin', async () => {
    await setUpShell({ profile: 'user' });
    await renderModal();
    await chooseCarla();
    fireEvent.click(screen.getByTestId('new-ticket-save'));
    await screen.findByText('Seleccione una cola', { selector: '.ant-message *' });
    expect(post).not.toHaveBeenCalled();
    cleanup();

    await setUpShell({ profile: 'admin' });
    const { onOpenTicket } = await renderModal();
    await chooseCarla();
    const created = ticket({ id: 90, status: 'open' });
    post.mockResolvedValue(created as never);
    fireEvent.click(screen.getByTestId('new-ticket-save'));
    await waitFor(() => expect(onOpenTicket).toHaveBeenCalledWith(created));
    expect(post).toHaveBeenCalledWith('/tickets', { contactId: 5, queueId: null, whatsappId: 1, status: 'open' });
  });

  it('an open ticket of another user is named; an unassigned one is opened', async () => {
    await setUpShell({ profile: 'user', id: 1 });
    const { onOpenTicket } = await renderModal();
    await chooseCarla();
    const theirs = ticket({ id: 91, status: 'open', userId: 2, user: { id: 2, name: 'Beto' }, queue: { id: 12, name: 'Soporte', color: '#00f' } });
    post.mockRejectedValue(new ApiError(409, 'ERR_OTHER_OPEN_TICKET', 'x', { ticket: theirs }));
    fireEvent.mouseDown(screen.getByTestId('new-ticket-queue'));
    fireEvent.click(await screen.findByText('Ventas', { selector: '.ant-select-item-option-content' }));
    fireEvent.click(screen.getByTestId('new-ticket-save'));
    expect((await screen.findByTestId('new-ticket-other-user')).textContent).toBe('Beto ya atiende a este contacto en la cola Soporte.');
    expect(onOpenTicket).not.toHaveBeenCalled();

    // The 409 carries only id, uuid, agent and queue; the full ticket is then read from its route.
    const waiting = { ...theirs, status: 'pending' as const, userId: null, user: null };
    post.mockRejectedValue(new ApiError(409, 'ERR_OTHER_OPEN_TICKET', 'x', { ticket: { id: 91, uuid: waiting.uuid, user: null, queue: { id: 12, name: 'Soporte' } } }));
    const base = get.getMockImplementation()!;
    get.mockImplementation(async (path: string, ...rest) => (path === '/tickets/91' ? (waiting as never) : base(path, ...rest)));
    fireEvent.click(screen.getByTestId('new-ticket-save'));
    await waitFor(() => expect(onOpenTicket).toHaveBeenCalledWith(waiting));
  });
});
