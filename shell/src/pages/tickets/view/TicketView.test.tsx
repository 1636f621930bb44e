// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { SessionUser, TicketDto } from '@atende/core-contract';

vi.mock('@atende/sdk-web', async (importOriginal) => {
  const real = await importOriginal<typeof import('@atende/sdk-web')>();
  // The kit inside the SDK calls the same `api` object: its methods are replaced in place.
  Object.assign(real.api, { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() });
  return real;
});
// The conversation itself and the contact form have their own tests; here they only need to be there.
vi.mock('../messages/MessageList.js', () => ({ MessageList: () => <div data-testid="message-list" /> }));
// The input's own tests cover what it does with files; here: what the view hands it on a drop.
const dropped = vi.hoisted(() => ({ files: [] as File[][] }));
vi.mock('../messages/MessageInput.js', async () => {
  const { useImperativeHandle } = await import('react');
  return {
    MessageInput: ({ handle }: { handle?: import('react').Ref<{ addFiles(f: File[]): void }> }) => {
      useImperativeHandle(handle, () => ({ addFiles: (f: File[]) => void dropped.files.push(f) }));
      return <div data-testid="message-input" />;
    },
  };
});
vi.mock('../../contacts/ContactModal.js', () => ({ ContactModal: () => null }));

const { ApiError, api } = await import('@atende/sdk-web');
const { TicketView } = await import('./TicketView.js');
const { fakeSocket, setUpShell, ticket, wrap } = await import('../testing.js');

const get = vi.mocked(api.get);
const post = vi.mocked(api.post);
const put = vi.mocked(api.put);
const del = vi.mocked(api.delete);

const UUID = '00000000-0000-4000-8000-000000000042';
const QUEUES = [
  { id: 11, name: 'Ventas', color: '#E91E63' },
  { id: 12, name: 'Soporte', color: '#3F51B5' },
];
const USERS = [
  { id: 1, name: 'Ana' },
  { id: 2, name: 'Bruno Díaz' },
  { id: 3, name: 'Brenda' },
];

function serve(tk: TicketDto | Error, extra: Record<string, unknown> = {}) {
  get.mockImplementation(async (path: string) => {
    if (path.startsWith('/tickets/u/')) {
      if (tk instanceof Error) throw tk;
      return tk as never;
    }
    if (path in extra) return extra[path] as never;
    if (path === '/tags/list') return [] as never;
    if (path === '/queue/names') return QUEUES as never;
    if (path === '/users/list') return USERS as never;
    if (path === '/ticket-notes/list') return [] as never;
    if (path.startsWith('/contacts/') && !(tk instanceof Error)) {
      return { ...tk.contact, uuid: 'c', email: 'cliente@demo.test', isGroup: false, whatsappId: 1, extraInfo: [{ name: 'RUC', value: '20123456789' }], createdAt: tk.createdAt } as never;
    }
    throw new Error(`unexpected GET ${path}`);
  });
}

async function open(tk: TicketDto | Error, user: Partial<SessionUser> = {}, extra: Record<string, unknown> = {}) {
  await setUpShell(user);
  serve(tk, extra);
  const socket = fakeSocket();
  const onClose = vi.fn();
  const onTicketChange = vi.fn();
  render(wrap(<TicketView uuid={UUID} onClose={onClose} onTicketChange={onTicketChange} />));
  return { socket, onClose, onTicketChange };
}

const ready = () => waitFor(() => expect(screen.getByTestId('ticket-view').getAttribute('data-state')).toBe('ready'));

describe('ticket view', () => {
  beforeEach(() => {
    put.mockReset();
    post.mockReset();
    del.mockReset();
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('a 403 shows "Acceso no permitido" and goes back to the list', async () => {
    const { onClose } = await open(new ApiError(403, 'ERR_NO_PERMISSION', 'no'));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('Acceso no permitido')).toBeTruthy();
  });

  it('an expired session (403 ERR_SESSION_EXPIRED) is not an unauthorized ticket', async () => {
    const { onClose } = await open(new ApiError(403, 'ERR_SESSION_EXPIRED', 'expired'));
    await waitFor(() => expect(screen.getByTestId('ticket-view').getAttribute('data-state')).toBe('error'));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('a 404 shows the not-found state with a way back', async () => {
    const { onClose } = await open(new ApiError(404, 'ERR_NO_TICKET_FOUND', 'gone'));
    await waitFor(() => expect(screen.getByTestId('ticket-view').getAttribute('data-state')).toBe('notFound'));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('ticket-back-to-list'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('cancels its load when the user moves on before the answer', async () => {
    await setUpShell();
    let signal: AbortSignal | undefined;
    get.mockImplementation((_path: string, o?: { signal?: AbortSignal }) => {
      signal = o?.signal;
      return new Promise(() => undefined) as never;
    });
    fakeSocket();
    const view = render(wrap(<TicketView uuid={UUID} onClose={vi.fn()} />));
    await waitFor(() => expect(signal).toBeDefined());
    expect(signal!.aborted).toBe(false);
    view.unmount();
    expect(signal!.aborted).toBe(true);
  });

  it('joins the chat box of the loaded ticket', async () => {
    await setUpShell();
    serve(ticket({ id: 42 }));
    const socket = fakeSocket();
    const joined = vi.fn();
    socket.on('joinChatBox', joined);
    render(wrap(<TicketView uuid={UUID} onClose={vi.fn()} />));
    await ready();
    expect(joined).toHaveBeenCalledWith(42);
  });

  it('shows the actions of each status and accepts as the current user', async () => {
    const tk = ticket({ id: 42, status: 'pending' });
    const { onTicketChange } = await open(tk);
    await ready();
    const actions = screen.getByTestId('ticket-actions');
    expect(within(actions).getByTestId('ticket-view-accept')).toBeTruthy();
    expect(within(actions).queryByTestId('ticket-view-resolve')).toBeNull();
    const accepted = { ...tk, status: 'open' as const, userId: 1, user: { id: 1, name: 'Ana' } };
    put.mockResolvedValueOnce(accepted as never);
    fireEvent.click(screen.getByTestId('ticket-view-accept'));
    await waitFor(() => expect(screen.getByTestId('ticket-actions').getAttribute('data-status')).toBe('open'));
    expect(put).toHaveBeenCalledWith('/tickets/42', { status: 'open', userId: 1 });
    expect(onTicketChange).toHaveBeenCalledWith(accepted);
    expect(screen.getByTestId('ticket-view-return')).toBeTruthy();
    expect(screen.getByTestId('ticket-view-resolve')).toBeTruthy();
    expect(screen.getByTestId('ticket-assignee').textContent).toBe('Asignada a Ana');
  });

  it('files dropped on the conversation go to the input, with an overlay while dragging', async () => {
    dropped.files = [];
    await open(ticket({ id: 43, status: 'open', userId: 1 }));
    await ready();
    const view = screen.getByTestId('ticket-view');
    const file = new File(['x'], 'foto.png', { type: 'image/png' });
    const dataTransfer = { types: ['Files'], files: [file], dropEffect: 'none' };
    fireEvent.dragEnter(view, { dataTransfer });
    expect(screen.getByTestId('ticket-drop-overlay').textContent).toBe('Suelta los archivos para adjuntarlos');
    fireEvent.drop(view, { dataTransfer });
    expect(screen.queryByTestId('ticket-drop-overlay')).toBeNull();
    expect(dropped.files).toEqual([[file]]);
    // Dragged text (not files) is left to the browser.
    fireEvent.dragEnter(view, { dataTransfer: { types: ['text/plain'], files: [] } });
    expect(screen.queryByTestId('ticket-drop-overlay')).toBeNull();
  });

  it('a pending ticket says to accept it first when files are dragged over', async () => {
    await open(ticket({ id: 44, status: 'pending' }));
    await ready();
    fireEvent.dragEnter(screen.getByTestId('ticket-view'), { dataTransfer: { types: ['Files'], files: [] } });
    expect(screen.getByTestId('ticket-drop-overlay').textContent).toBe('Acepta o reabre la atención para enviar archivos');
  });

  it('resolving goes back to the list', async () => {
    const tk = ticket({ id: 42, status: 'open', userId: 1, user: { id: 1, name: 'Ana' } });
    const { onClose } = await open(tk);
    await ready();
    put.mockResolvedValueOnce({ ...tk, status: 'closed' } as never);
    fireEvent.click(screen.getByTestId('ticket-view-resolve'));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(put).toHaveBeenCalledWith('/tickets/42', { status: 'closed', userId: 1 });
  });

  it('hides delete from agents and offers it, confirmed, to admins', async () => {
    await open(ticket({ id: 42 }), { profile: 'user' });
    await ready();
    // No schedules plugin and no delete right: the options menu has nothing to offer.
    expect(screen.queryByTestId('ticket-options')).toBeNull();
    expect(screen.queryByTestId('ticket-option-delete')).toBeNull();
    cleanup();

    const { onClose } = await open(ticket({ id: 43 }), { profile: 'admin' });
    await ready();
    fireEvent.click(screen.getByTestId('ticket-options'));
    fireEvent.click(await screen.findByTestId('ticket-option-delete'));
    expect(del).not.toHaveBeenCalled();
    del.mockResolvedValueOnce(undefined as never);
    fireEvent.click(await screen.findByTestId('ticket-delete-confirm'));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(del).toHaveBeenCalledWith('/tickets/43');
  });

  it('the transfer modal refuses without a queue, then transfers to the queue and the searched user', async () => {
    const tk = ticket({ id: 42, status: 'open', userId: 1, user: { id: 1, name: 'Ana' } });
    const { onClose, onTicketChange } = await open(tk, { profile: 'user' });
    await ready();
    fireEvent.click(screen.getByTestId('ticket-transfer'));
    const modal = await screen.findByTestId('transfer-modal');
    fireEvent.click(within(document.body).getByTestId('transfer-submit'));
    expect(await screen.findByTestId('transfer-queue-error')).toBeTruthy();
    expect(screen.getByTestId('transfer-queue-error').textContent).toBe('Seleccione una cola');
    expect(put).not.toHaveBeenCalled();

    // Agents are offered every company queue, not only their own (their session lists only Ventas).
    const queueSelect = within(modal).getByTestId('transfer-queue');
    fireEvent.mouseDown(queueSelect.querySelector('.ant-select-selector') ?? queueSelect);
    fireEvent.click(await screen.findByTitle('Soporte'));
    await waitFor(() => expect(screen.queryByTestId('transfer-queue-error')).toBeNull());

    // The user list answers only from 3 typed characters.
    const userInput = within(within(modal).getByTestId('transfer-user')).getByRole('combobox');
    fireEvent.change(userInput, { target: { value: 'br' } });
    await act(() => new Promise((r) => setTimeout(r, 600)));
    expect(screen.queryByTitle('Bruno Díaz')).toBeNull();
    fireEvent.change(userInput, { target: { value: 'bru' } });
    await waitFor(() => expect(screen.getByTitle('Bruno Díaz')).toBeTruthy(), { timeout: 2000 });
    expect(screen.queryByTitle('Brenda')).toBeNull();
    fireEvent.click(screen.getByTitle('Bruno Díaz'));

    const moved = { ...tk, queueId: 12, queue: QUEUES[1], userId: 2, user: { id: 2, name: 'Bruno Díaz' } };
    put.mockResolvedValueOnce(moved as never);
    fireEvent.click(within(document.body).getByTestId('transfer-submit'));
    await waitFor(() => expect(put).toHaveBeenCalledWith('/tickets/42', { queueId: 12, userId: 2 }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(onTicketChange).toHaveBeenCalledWith(moved);
  });

  it('puts tags on the ticket and creates a typed one (3 characters or more)', async () => {
    const tk = ticket({ id: 42 });
    const { onTicketChange } = await open(tk, {}, { '/tags/list': [{ id: 5, name: 'VIP', color: '#ff9800', kanban: 0, ticketsCount: 0 }] });
    await ready();
    post.mockResolvedValueOnce({ ...tk, tags: [{ id: 5, name: 'VIP', color: '#ff9800' }] } as never);
    const combo = within(screen.getByTestId('ticket-tags')).getByRole('combobox');
    fireEvent.change(combo, { target: { value: 'vi' } });
    fireEvent.click(await screen.findByTitle('VIP'));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/tags/sync', { ticketId: 42, tags: [{ id: 5 }] }));
    expect(post).not.toHaveBeenCalledWith('/tags', expect.anything());
    await waitFor(() => expect(screen.getByTestId('ticket-tag-5').textContent).toBe('VIP'));

    post.mockReset();
    post.mockImplementation(async (path: string) => (path === '/tags' ? { id: 9, name: 'Mayorista', color: '#A4CCCC', kanban: 0, ticketsCount: 0 } : { ...tk, tags: [{ id: 5, name: 'VIP', color: '#ff9800' }, { id: 9, name: 'Mayorista', color: '#A4CCCC' }] }) as never);
    fireEvent.change(combo, { target: { value: 'Ma' } });
    expect(screen.queryByTestId('ticket-tag-create')).toBeNull();
    fireEvent.change(combo, { target: { value: 'Mayorista' } });
    fireEvent.click(await screen.findByTestId('ticket-tag-create'));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/tags/sync', { ticketId: 42, tags: [{ id: 5 }, { id: 9 }] }));
    expect(post).toHaveBeenCalledWith('/tags', { name: 'Mayorista' });
    await waitFor(() => expect(screen.getByTestId('ticket-tag-9').textContent).toBe('Mayorista'));
    expect(onTicketChange).toHaveBeenLastCalledWith(expect.objectContaining({ tags: [{ id: 5, name: 'VIP', color: '#ff9800' }, { id: 9, name: 'Mayorista', color: '#A4CCCC' }] }));
  });

  it('validates notes (Obligatorio, Demasiado corto) before sending and keeps the text on a server error', async () => {
    const tk = ticket({ id: 42, contactId: 1042, contact: { id: 1042, name: 'Carla', number: '51900000042', profilePicUrl: '' } });
    await open(tk);
    await ready();
    fireEvent.click(screen.getByTestId('ticket-contact'));
    const drawer = await screen.findByTestId('contact-notes');
    await waitFor(() => expect(within(drawer).getByTestId('notes-empty')).toBeTruthy());
    expect((await screen.findByTestId('contact-phone-link')).getAttribute('href')).toBe('tel:+51900000042');
    expect((await screen.findByTestId('contact-email-link')).getAttribute('href')).toBe('mailto:cliente@demo.test');
    expect(await screen.findByText('RUC')).toBeTruthy();

    fireEvent.click(within(drawer).getByTestId('note-add'));
    await waitFor(() => expect(within(drawer).getByTestId('note-error').textContent).toBe('Obligatorio'));
    const input = within(drawer).getByTestId('note-input');
    fireEvent.change(input, { target: { value: ' a ' } });
    fireEvent.click(within(drawer).getByTestId('note-add'));
    await waitFor(() => expect(within(drawer).getByTestId('note-error').textContent).toBe('Demasiado corto'));
    expect(post).not.toHaveBeenCalled();

    fireEvent.change(input, { target: { value: 'Cliente VIP' } });
    await waitFor(() => expect(within(drawer).queryByTestId('note-error')).toBeNull());
    post.mockRejectedValueOnce(new ApiError(500, 'ERR_INTERNAL_SERVER_ERROR', 'boom'));
    fireEvent.click(within(drawer).getByTestId('note-add'));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/ticket-notes', { note: 'Cliente VIP', ticketId: 42, contactId: 1042 }));
    expect((input as HTMLTextAreaElement).value).toBe('Cliente VIP');

    post.mockResolvedValueOnce({ id: 7, note: 'Cliente VIP', ticketId: 42, contactId: 1042, user: { id: 1, name: 'Ana' }, createdAt: '2026-11-23T10:00:00.000Z' } as never);
    fireEvent.click(within(drawer).getByTestId('note-add'));
    await waitFor(() => expect(within(drawer).getByTestId('note-7')).toBeTruthy());
    expect((input as HTMLTextAreaElement).value).toBe('');
  });

  it('offers note deletion to its author and admins only', async () => {
    const notes = [
      { id: 1, note: 'Mía', ticketId: 42, contactId: 1042, user: { id: 1, name: 'Ana' }, createdAt: '2026-11-23T10:00:00.000Z' },
      { id: 2, note: 'De Bruno', ticketId: 42, contactId: 1042, user: { id: 2, name: 'Bruno' }, createdAt: '2026-11-23T10:00:00.000Z' },
    ];
    const tk = ticket({ id: 42, contactId: 1042 });
    await open(tk, { profile: 'user' }, { '/ticket-notes/list': notes });
    await ready();
    fireEvent.click(screen.getByTestId('ticket-contact'));
    await screen.findByTestId('note-2');
    expect(screen.getByTestId('note-delete-1')).toBeTruthy();
    expect(screen.queryByTestId('note-delete-2')).toBeNull();
    del.mockResolvedValueOnce(undefined as never);
    fireEvent.click(screen.getByTestId('note-delete-1'));
    fireEvent.click(await screen.findByText('Sí'));
    await waitFor(() => expect(screen.queryByTestId('note-1')).toBeNull());
    expect(del).toHaveBeenCalledWith('/ticket-notes/1');
    cleanup();

    await open(tk, { profile: 'admin' }, { '/ticket-notes/list': notes });
    await ready();
    fireEvent.click(screen.getByTestId('ticket-contact'));
    await screen.findByTestId('note-2');
    expect(screen.getByTestId('note-delete-2')).toBeTruthy();
  });

  it('follows the ticket live: update refreshes the header, contact update renames, delete goes back', async () => {
    const tk = ticket({ id: 42, status: 'pending' });
    const { socket, onClose } = await open(tk);
    await ready();
    // Another ticket's events change nothing here.
    act(() => socket.emit('ticket', { action: 'delete', ticketId: 99 }));
    expect(onClose).not.toHaveBeenCalled();
    act(() => socket.emit('ticket', { action: 'update', ticket: { ...tk, status: 'open', userId: 1, user: { id: 1, name: 'Ana' } } }));
    expect(screen.getByTestId('ticket-actions').getAttribute('data-status')).toBe('open');
    act(() => socket.emit('contact', { action: 'update', contact: { id: tk.contactId, name: 'Nombre Nuevo' } }));
    expect(screen.getByTestId('ticket-contact-name').textContent).toContain('Nombre Nuevo');
    act(() => socket.emit('ticket', { action: 'delete', ticketId: 42 }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('leaves when someone moves the ticket to a queue this agent does not work', async () => {
    const tk = ticket({ id: 42, status: 'pending', queueId: 11 });
    const { socket, onClose } = await open(tk, { profile: 'user' });
    await ready();
    act(() => socket.emit('ticket', { action: 'update', ticket: { ...tk, queueId: 12, queue: QUEUES[1] } }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
