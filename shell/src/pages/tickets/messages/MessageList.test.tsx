// @vitest-environment happy-dom
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { MessageDto } from '@atende/core-contract';

vi.mock('@atende/sdk-web', async (importOriginal) => {
  const real = await importOriginal<typeof import('@atende/sdk-web')>();
  // The kit inside the SDK calls the same `api` object: its methods are replaced in place.
  Object.assign(real.api, { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() });
  return real;
});
const { api } = await import('@atende/sdk-web');
const { MessageList } = await import('./MessageList.js');
const { messageSaved, noteRemoved, noteSaved } = await import('./messageSaved.js');
const { conversationRows, prependPage, upsertMessage, parseVcards } = await import('./conversation.js');
const { ME, fakeSocket, message, setUpShell, ticket, wrap } = await import('./testing.js');

const get = vi.mocked(api.get);
const put = vi.mocked(api.put);
const del = vi.mocked(api.delete);
const post = vi.mocked(api.post);

/** Ids shown, top to bottom. */
const shownIds = () => screen.queryAllByTestId(/^message-\d+$/).map((el) => Number(el.dataset.messageId));

/** Serves pages: the first page, then older pages by beforeId. */
function serve(pages: { messages: MessageDto[]; hasMore: boolean }[]) {
  get.mockImplementation(async (path: string, opts?: { query?: Record<string, unknown> }) => {
    if (path === '/ticket-notes/list') return [] as never;
    if (!path.startsWith('/messages/')) throw new Error(`unexpected GET ${path}`);
    const before = opts?.query?.beforeId as number | undefined;
    const page = before ? pages.find((p) => p.messages.some((m) => m.id < before) && p.messages.every((m) => m.id <= before)) : pages[0];
    return { ...page!, ticket: ticket() } as never;
  });
}

// happy-dom does no layout: the list's height is 100 px per message and the box shows 300 px.
const heights = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'scrollHeight');
beforeAll(async () => {
  await setUpShell();
  Object.defineProperty(HTMLElement.prototype, 'scrollHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.dataset.testid === 'message-list' ? this.querySelectorAll('[data-message-id]').length * 100 : 0;
    },
  });
});
afterAll(() => {
  if (heights) Object.defineProperty(HTMLElement.prototype, 'scrollHeight', heights);
});

describe('conversation helpers', () => {
  it('keeps messages unique and ordered by id however pages and events arrive', () => {
    const now = [message(5), message(6)];
    expect(prependPage(now, [message(3), message(4), message(5)]).map((m) => m.id)).toEqual([3, 4, 5, 6]);
    expect(upsertMessage(now, message(8)).map((m) => m.id)).toEqual([5, 6, 8]);
    expect(upsertMessage(now, message(4)).map((m) => m.id)).toEqual([4, 5, 6]);
    // A late answer with an older ack does not take the ticks back; a failure (-1) does replace them.
    const ahead = upsertMessage(now, message(6, { ack: 2 }));
    expect(upsertMessage(ahead, message(6, { ack: 0, body: 'x' })).find((m) => m.id === 6)).toMatchObject({ ack: 2, body: 'x' });
    expect(upsertMessage(ahead, message(6, { ack: -1 })).find((m) => m.id === 6)!.ack).toBe(-1);
    const replaced = upsertMessage(now, message(6, { ack: 3 }));
    expect(replaced.map((m) => [m.id, m.ack])).toEqual([
      [5, 0],
      [6, 3],
    ]);
  });

  it('puts date lines where the day changes and ticket lines between tickets', () => {
    const rows = conversationRows([
      message(1, { ticketId: 1, createdAt: '2026-11-20T15:00:00' }),
      message(2, { ticketId: 1, createdAt: '2026-11-20T16:00:00' }),
      message(3, { ticketId: 2, createdAt: '2026-11-20T17:00:00' }),
      message(4, { ticketId: 2, createdAt: '2026-11-21T09:00:00' }),
    ]);
    expect(rows.map((r) => (r.kind === 'message' ? r.message.id : r.kind === 'date' ? `date ${r.day}` : r.kind === 'note' ? `note ${r.note.id}` : `${r.kind} ${r.ticketId}`))).toEqual([
      'date 2026-11-20',
      1,
      2,
      'ticketClosed 1',
      'ticketStarted 2',
      3,
      'date 2026-11-21',
      4,
    ]);
  });

  it('reads names and numbers from vCards', () => {
    const body = 'BEGIN:VCARD\nVERSION:3.0\nFN:Bob Pérez\nTEL;type=CELL;waid=51999:+51 999\nEND:VCARD\nBEGIN:VCARD\nN:Gómez;Ana;;;\nEND:VCARD';
    expect(parseVcards(body)).toEqual([
      { name: 'Bob Pérez', numbers: ['+51 999'] },
      { name: 'Ana Gómez', numbers: [] },
    ]);
  });
});

describe('message list', () => {
  beforeEach(() => {
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => `blob:test/${Math.random()}`);
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    // Customer messages arriving live mark the ticket read.
    post.mockResolvedValue(undefined as never);
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.resetAllMocks();
  });

  it("shows the ticket's internal notes in the timeline, marked private, and one added here at once (issue 36 item 6)", async () => {
    const t = ticket();
    const n = (id: number, at: string, text: string) => ({ id, note: text, ticketId: t.id, contactId: t.contactId, user: { id: ME, name: 'Ana' }, createdAt: at });
    get.mockImplementation((async (path: string, opts?: { query?: Record<string, unknown> }) => {
      if (path === '/ticket-notes/list') {
        expect(opts?.query).toEqual({ ticketId: t.id, contactId: t.contactId });
        return [n(40, '2026-11-20T15:00:30', 'pidió factura')];
      }
      return {
        hasMore: false,
        messages: [message(1, { ticketId: t.id, createdAt: '2026-11-20T15:00:00' }), message(2, { ticketId: t.id, createdAt: '2026-11-20T15:01:00' })],
        ticket: t,
      };
    }) as never);
    fakeSocket();
    render(wrap(<MessageList ticket={t} onReply={() => undefined} />));
    await screen.findByTestId('timeline-note');
    const order = () =>
      Array.from(screen.getByTestId('message-list').querySelectorAll('[data-testid]'))
        .map((el) => el.getAttribute('data-testid'))
        .filter((id) => /^(message-\d|timeline-note$)/.test(id!));
    expect(order()).toEqual(['message-1', 'timeline-note', 'message-2']);
    expect(screen.getByTestId('timeline-note').textContent).toContain('Nota privada');
    act(() => noteSaved(n(41, '2026-11-20T15:02:00', 'llamar mañana')));
    await waitFor(() => expect(order()).toEqual(['message-1', 'timeline-note', 'message-2', 'timeline-note']));
    act(() => noteRemoved(40));
    await waitFor(() => expect(order()).toEqual(['message-1', 'message-2', 'timeline-note']));
  });

  it('draws the conversation across tickets with separators, sides and the newest at the bottom', async () => {
    serve([
      {
        hasMore: false,
        messages: [
          message(1, { ticketId: 1, body: 'hola', createdAt: '2026-11-20T15:00:00' }),
          message(2, { ticketId: 1, fromMe: true, userId: ME, ack: 2, body: '*Ana*:\nbuenas', createdAt: '2026-11-20T15:01:00' }),
          message(3, { ticketId: 2, body: 'otra vez', createdAt: '2026-11-21T09:00:00' }),
        ],
      },
    ]);
    fakeSocket();
    render(wrap(<MessageList ticket={ticket()} onReply={() => undefined} />));
    await screen.findByTestId('message-3');
    expect(get).toHaveBeenCalledWith('/messages/2', { query: { pageNumber: 1 } });
    expect(shownIds()).toEqual([1, 2, 3]);
    expect(screen.getAllByTestId('message-date').map((d) => d.textContent)).toEqual(['20/11/2026', '21/11/2026']);
    expect(screen.getByTestId('ticket-closed-separator').textContent).toBe('Conversación cerrada');
    expect(screen.getByTestId('ticket-started-separator').textContent).toBe('Conversación iniciada');
    // Closed comes after message 2 and started before message 3.
    const list = screen.getByTestId('message-list');
    const order = Array.from(list.querySelectorAll('[data-testid]'))
      .map((el) => el.getAttribute('data-testid'))
      .filter((id) => /^(message-\d|ticket-)/.test(id!));
    expect(order).toEqual(['message-1', 'message-2', 'ticket-closed-separator', 'ticket-started-separator', 'message-3']);
    // Sent on the right, received on the left, at most 600 px wide.
    const sent = screen.getByTestId('message-2');
    expect(sent.parentElement!.style.justifyContent).toBe('flex-end');
    expect(screen.getByTestId('message-1').parentElement!.style.justifyContent).toBe('flex-start');
    expect(sent.style.maxWidth).toBe('600px');
    expect(within(sent).getByText('Ana').tagName).toBe('B');
    expect(within(sent).getByTestId('message-ack').dataset.ack).toBe('2');
    expect(within(screen.getByTestId('message-1')).queryByTestId('message-ack')).toBeNull();
    // Starts at the bottom.
    expect(list.scrollTop).toBe(300);
  });

  it('prepends older pages near the top without duplicates and keeps the reading position', async () => {
    const newest = Array.from({ length: 10 }, (_, i) => message(31 + i));
    // The older page overlaps by one (a message arrived meanwhile): it must not show twice.
    const older = Array.from({ length: 11 }, (_, i) => message(21 + i));
    serve([
      { hasMore: true, messages: newest },
      { hasMore: false, messages: older },
    ]);
    fakeSocket();
    render(wrap(<MessageList ticket={ticket()} onReply={() => undefined} />));
    await screen.findByTestId('message-40');
    const list = screen.getByTestId('message-list');
    expect(list.scrollTop).toBe(1000);
    // Not near the top yet: nothing more is asked.
    list.scrollTop = 400;
    fireEvent.scroll(list);
    expect(get.mock.calls.filter(([p]) => String(p).startsWith('/messages/'))).toHaveLength(1);
    list.scrollTop = 30;
    fireEvent.scroll(list);
    await screen.findByTestId('message-21');
    expect(get).toHaveBeenLastCalledWith('/messages/2', { query: { beforeId: 31 } });
    expect(shownIds()).toEqual(Array.from({ length: 20 }, (_, i) => 21 + i));
    // Same distance from the bottom as before: 1000 - 30 = 970 → 2000 - 970.
    expect(list.scrollTop).toBe(1030);
    // No more pages: scrolling to the top again asks nothing.
    list.scrollTop = 0;
    fireEvent.scroll(list);
    expect(get.mock.calls.filter(([p]) => String(p).startsWith('/messages/'))).toHaveLength(2);
  });

  it('adds live messages of this conversation and replaces updated ones by id', async () => {
    serve([{ hasMore: false, messages: [message(10, { fromMe: true, userId: ME, ack: 1 })] }]);
    const socket = fakeSocket();
    render(wrap(<MessageList ticket={ticket()} onReply={() => undefined} />));
    await screen.findByTestId('message-10');

    act(() => socket.emit('appMessage', { action: 'create', message: message(11, { body: 'nuevo' }), ticket: ticket() }));
    expect(shownIds()).toEqual([10, 11]);
    act(() => socket.emit('appMessage', { action: 'update', message: message(10, { fromMe: true, userId: ME, ack: 3 }) }));
    expect(shownIds()).toEqual([10, 11]);
    expect(within(screen.getByTestId('message-10')).getByTestId('message-ack').dataset.ack).toBe('3');
    // Another customer's message is not this conversation.
    const other = ticket({ id: 90, contactId: 99, contact: { id: 99, name: 'X', number: '1', profilePicUrl: '' } });
    act(() => socket.emit('appMessage', { action: 'create', message: message(12, { ticketId: 90 }), ticket: other }));
    expect(shownIds()).toEqual([10, 11]);
    // The same contact on the same connection in a new ticket is: it comes after the separators.
    const next = ticket({ id: 5 });
    act(() => socket.emit('appMessage', { action: 'create', message: message(13, { ticketId: 5 }), ticket: next }));
    expect(shownIds()).toEqual([10, 11, 13]);
    expect(screen.getByTestId('ticket-started-separator').dataset.ticketId).toBe('5');
    // A failed delivery (ack -1).
    act(() => socket.emit('appMessage', { action: 'update', message: message(10, { fromMe: true, userId: ME, ack: -1, sendError: 'ERR_WAPP_INVALID_CONTACT' }) }));
    const failed = within(screen.getByTestId('message-10')).getByTestId('message-ack');
    expect(failed.dataset.ack).toBe('-1');
    expect(failed.getAttribute('aria-label')).toMatch(/^No enviado: /);
    // What this tab sent shows at once, then the live copy replaces it.
    act(() => messageSaved(message(14, { fromMe: true, userId: ME })));
    act(() => socket.emit('appMessage', { action: 'create', message: message(14, { fromMe: true, userId: ME, ack: 1 }), ticket: ticket() }));
    expect(shownIds()).toEqual([10, 11, 13, 14]);
    expect(within(screen.getByTestId('message-14')).getByTestId('message-ack').dataset.ack).toBe('1');
    // An HTTP answer arriving after the live update does not turn the ticks back.
    act(() => socket.emit('appMessage', { action: 'create', message: message(15, { fromMe: true, userId: ME, ack: 0, body: 'rápido' }), ticket: ticket() }));
    act(() => socket.emit('appMessage', { action: 'update', message: message(15, { fromMe: true, userId: ME, ack: 2, body: 'rápido' }) }));
    act(() => messageSaved(message(15, { fromMe: true, userId: ME, ack: 0, body: 'rápido' })));
    expect(within(screen.getByTestId('message-15')).getByTestId('message-ack').dataset.ack).toBe('2');
  });

  it('marks the ticket read when a customer message arrives on it while in view', async () => {
    serve([{ hasMore: false, messages: [message(10)] }]);
    const socket = fakeSocket();
    render(wrap(<MessageList ticket={ticket()} onReply={() => undefined} />));
    await screen.findByTestId('message-10');
    // Own messages, updates and other tickets of the contact do not.
    act(() => socket.emit('appMessage', { action: 'create', message: message(11, { fromMe: true, userId: ME }), ticket: ticket() }));
    act(() => socket.emit('appMessage', { action: 'update', message: message(10, { body: 'editado' }) }));
    act(() => socket.emit('appMessage', { action: 'create', message: message(12, { ticketId: 5 }), ticket: ticket({ id: 5 }) }));
    expect(post).not.toHaveBeenCalled();
    act(() => socket.emit('appMessage', { action: 'create', message: message(13), ticket: ticket() }));
    expect(post).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith(`/messages/${ticket().id}/read`);
  });

  it('offers delete and edit on own messages only, and reply while the ticket is open', async () => {
    get.mockImplementation((async (path: string) => {
      if (path === '/ticket-notes/list') return [];
      if (path.startsWith('/media/')) return new Blob(['x'], { type: 'image/png' });
      return {
        messages: [
          message(0, { ticketId: 1, body: 'de un ticket anterior' }),
          message(1, { fromMe: true, userId: ME, body: 'mío' }),
          message(2, { fromMe: true, userId: 44 }),
          message(3),
          message(4, { fromMe: true, userId: ME, mediaType: 'image', mediaUrl: '/api/media/a.png', body: '' }),
        ],
        hasMore: false,
        ticket: ticket(),
      };
    }) as never);
    fakeSocket();
    const onReply = vi.fn();
    render(wrap(<MessageList ticket={ticket()} onReply={onReply} />));
    await screen.findByTestId('message-4');
    const menuOf = async (id: number) => {
      fireEvent.click(screen.getByTestId(`message-menu-${id}`));
      const menus = await screen.findAllByRole('menu');
      const items = within(menus[menus.length - 1]).getAllByRole('menuitem').map((i) => i.textContent);
      return items;
    };
    expect(await menuOf(1)).toEqual(['Responder', 'Editar', 'Eliminar']);
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    cleanup();

    render(wrap(<MessageList ticket={ticket()} onReply={onReply} />));
    await screen.findByTestId('message-4');
    expect(await menuOf(2)).toEqual(['Responder']);
    // The server quotes only messages of the ticket being answered.
    expect(screen.queryByTestId('message-menu-0')).toBeNull();
    cleanup();
    render(wrap(<MessageList ticket={ticket()} onReply={onReply} />));
    await screen.findByTestId('message-4');
    expect(await menuOf(4)).toEqual(['Responder', 'Eliminar']);
    cleanup();
    // A closed ticket cannot be answered, so no reply; own messages can still be deleted.
    render(wrap(<MessageList ticket={ticket({ status: 'closed' })} onReply={onReply} />));
    await screen.findByTestId('message-4');
    expect(screen.queryByTestId('message-menu-3')).toBeNull();
    expect(await menuOf(1)).toEqual(['Editar', 'Eliminar']);
  });

  it('replies, deletes and edits through the menu', async () => {
    const mine = message(1, { fromMe: true, userId: ME, body: 'con error' });
    serve([{ hasMore: false, messages: [mine, message(2, { body: 'pregunta' })] }]);
    del.mockResolvedValue(undefined);
    fakeSocket();
    const onReply = vi.fn();
    render(wrap(<MessageList ticket={ticket()} onReply={onReply} />));
    await screen.findByTestId('message-2');

    fireEvent.click(screen.getByTestId('message-menu-2'));
    fireEvent.click(await screen.findByText('Responder'));
    expect(onReply).toHaveBeenCalledWith(expect.objectContaining({ id: 2 }));

    // Editing keeps the text when the server refuses, then saves.
    fireEvent.click(screen.getByTestId('message-menu-1'));
    fireEvent.click(await screen.findByText('Editar'));
    const box = (await screen.findByTestId('message-edit-text')) as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: 'corregido' } });
    put.mockRejectedValueOnce(new Error('sin conexión'));
    fireEvent.click(screen.getByTestId('message-edit-save'));
    await screen.findByText('sin conexión');
    expect((screen.getByTestId('message-edit-text') as HTMLTextAreaElement).value).toBe('corregido');
    put.mockResolvedValueOnce({ ...mine, body: 'corregido', isEdited: true } as never);
    fireEvent.click(screen.getByTestId('message-edit-save'));
    await waitFor(() => expect(within(screen.getByTestId('message-1')).getByTestId('message-text').textContent).toBe('corregido'));
    expect(put).toHaveBeenLastCalledWith('/messages/1', { body: 'corregido' });
    expect(within(screen.getByTestId('message-1')).getByTestId('message-edited').textContent).toBe('Editado');

    fireEvent.click(screen.getByTestId('message-menu-1'));
    fireEvent.click(await screen.findByText('Eliminar'));
    fireEvent.click(await screen.findByTestId('message-delete-confirm'));
    await waitFor(() => expect(del).toHaveBeenCalledWith('/messages/1'));
    await within(screen.getByTestId('message-1')).findByTestId('message-deleted');
    expect(screen.queryByTestId('message-menu-1')).toBeNull();
  });

  it('shows quotes, media fetched as blobs, locations, contacts, calls and deleted messages', async () => {
    const rows = [
      message(1, { body: 'precio?' }),
      message(2, { fromMe: true, userId: ME, body: 'S/ 10', quotedMsgId: 1, quotedMsg: { id: 1, body: 'precio?', fromMe: false, mediaType: 'chat' } }),
      message(3, { mediaType: 'image', mediaUrl: '/api/media/p.jpg', body: 'foto <b>x</b>' }),
      message(4, { mediaType: 'audio', mediaUrl: '/api/media/v.ogg', body: '' }),
      message(5, { mediaType: 'application', mediaUrl: '/api/media/d.pdf', mediaName: 'factura.pdf', body: 'factura.pdf' }),
      message(6, { mediaType: 'locationMessage', body: 'data:image/jpeg;base64,AAAA|https://maps.google.com/maps?q=1%2C2&z=17|Plaza Mayor' }),
      message(7, { mediaType: 'locationMessage', body: 'javascript:alert(1)|javascript:alert(2)|x' }),
      message(8, { mediaType: 'vcard', body: 'BEGIN:VCARD\nFN:Bob\nTEL:+51 999\nEND:VCARD' }),
      message(9, { mediaType: 'call_log', body: '' }),
      message(10, { isDeleted: true, body: '' }),
      message(11, { mediaType: 'video', mediaUrl: '/api/media/c.mp4', body: '' }),
    ];
    get.mockImplementation((async (path: string, opts?: { responseType?: string }) => {
      if (path === '/ticket-notes/list') return [];
      if (path.startsWith('/media/')) {
        expect(opts?.responseType).toBe('blob');
        if (path === '/media/c.mp4') throw new Error('gone');
        return new Blob(['bytes']);
      }
      return { messages: rows, hasMore: false, ticket: ticket() };
    }) as never);
    fakeSocket();
    const { unmount } = render(wrap(<MessageList ticket={ticket()} onReply={() => undefined} />));
    await screen.findByTestId('message-11');

    const quote = within(screen.getByTestId('message-2')).getByTestId('message-quote');
    expect(quote.textContent).toBe('Carlaprecio?');

    await waitFor(() => expect(screen.getByTestId('message-3').querySelector('img')?.getAttribute('src')).toMatch(/^blob:test\//));
    expect(within(screen.getByTestId('message-3')).getByTestId('message-text').textContent).toBe('foto <b>x</b>');
    expect(get).toHaveBeenCalledWith('/media/p.jpg', { responseType: 'blob' });
    const audio = await within(screen.getByTestId('message-4')).findByTestId('message-audio');
    expect(audio.getAttribute('src')).toMatch(/^blob:/);
    // Documents: the name, fetched only on download.
    expect(within(screen.getByTestId('message-5')).getByTestId('message-file-name').textContent).toBe('factura.pdf');
    expect(within(screen.getByTestId('message-5')).queryByTestId('message-text')).toBeNull();
    expect(get).not.toHaveBeenCalledWith('/media/d.pdf', expect.anything());
    fireEvent.click(within(screen.getByTestId('message-5')).getByTestId('message-file-download'));
    await waitFor(() => expect(get).toHaveBeenCalledWith('/media/d.pdf', { responseType: 'blob' }));

    const loc = within(screen.getByTestId('message-6'));
    expect(loc.getByTestId('message-location-open').getAttribute('href')).toBe('https://maps.google.com/maps?q=1%2C2&z=17');
    expect(loc.getByText('Plaza Mayor')).toBeTruthy();
    expect(screen.getByTestId('message-6').querySelector('img')!.getAttribute('src')).toBe('data:image/jpeg;base64,AAAA');
    // A hostile location body loads nothing and links nowhere.
    const bad = within(screen.getByTestId('message-7'));
    expect(screen.getByTestId('message-7').querySelector('img')).toBeNull();
    expect(bad.queryByTestId('message-location-open')).toBeNull();

    expect(within(screen.getByTestId('message-8')).getByTestId('message-vcard').textContent).toBe('Bob+51 999');
    expect(within(screen.getByTestId('message-9')).getByTestId('message-call-log').textContent).toContain('Llamada perdida');
    expect(within(screen.getByTestId('message-10')).getByTestId('message-deleted').textContent).toContain('Este mensaje fue eliminado');
    await within(screen.getByTestId('message-11')).findByTestId('message-media-error');

    // Object URLs die with the list.
    const made = vi.mocked(URL.createObjectURL).mock.results.map((r) => r.value as string);
    expect(made.length).toBeGreaterThanOrEqual(3);
    unmount();
    const revoked = vi.mocked(URL.revokeObjectURL).mock.calls.map((c) => c[0]);
    expect(revoked.sort()).toEqual([...made].sort());
  });

  it('shows the empty state', async () => {
    serve([{ hasMore: false, messages: [] }]);
    fakeSocket();
    render(wrap(<MessageList ticket={ticket()} onReply={() => undefined} />));
    expect((await screen.findByTestId('message-list-empty')).textContent).toContain('Sin mensajes');
  });
});
