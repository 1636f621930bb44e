// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { TicketDto } from '@atende/core-contract';

vi.mock('@atende/sdk-web', async (importOriginal) => {
  const real = await importOriginal<typeof import('@atende/sdk-web')>();
  // The kit inside the SDK calls the same `api` object: its methods are replaced in place.
  Object.assign(real.api, { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() });
  return real;
});
const { api } = await import('@atende/sdk-web');
const { FIRST_ROWS, TicketList } = await import('./TicketList.js');
const { fakeSocket, filter, setUpShell, ticket, wrap } = await import('./testing.js');

const get = vi.mocked(api.get);
const put = vi.mocked(api.put);

const rowIds = (testId: string) =>
  Array.from(screen.getByTestId(testId).querySelectorAll('[data-testid^="ticket-row-"]')).map((el) => Number(el.getAttribute('data-testid')!.slice('ticket-row-'.length)));

async function renderList(pages: TicketDto[][], opts: { narrow?: boolean; status?: TicketDto['status'] } = {}) {
  get.mockImplementation(async (_path: string, o?: { query?: Record<string, unknown> }) => {
    const n = Number(o?.query?.pageNumber ?? 1);
    return { tickets: pages[n - 1] ?? [], hasMore: n < pages.length } as never;
  });
  const socket = fakeSocket();
  const onOpen = vi.fn();
  const status = opts.status ?? 'pending';
  render(
    wrap(
      <TicketList
        filter={filter({ status })}
        query={{ status, showAll: 'false' }}
        narrow={opts.narrow ?? false}
        onOpen={onOpen}
        testId="list"
      />,
    ),
  );
  await waitFor(() => expect(screen.getByTestId('list').getAttribute('data-loaded')).toBe('true'));
  return { socket, onOpen };
}

describe('ticket list', () => {
  beforeAll(() => setUpShell());
  afterEach(() => {
    cleanup();
    vi.resetAllMocks();
  });

  it('draws a long first page in two passes: the first rows, then the rest once painted; a hidden list draws after', async () => {
    const page = Array.from({ length: FIRST_ROWS + 10 }, (_, i) => ticket({ id: 500 + i }));
    const answers: ((v: unknown) => void)[] = [];
    get.mockImplementation(() => new Promise((r) => answers.push(r)) as never);
    fakeSocket();
    const frames: FrameRequestCallback[] = [];
    const raf = vi.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => frames.push(cb));
    try {
      render(
        wrap(
          <>
            <TicketList filter={filter()} query={{ status: 'pending', showAll: 'false' }} narrow={false} onOpen={vi.fn()} testId="list" />
            <TicketList filter={filter()} query={{ status: 'pending', showAll: 'false' }} narrow={false} onOpen={vi.fn()} testId="hidden" hidden />
          </>,
        ),
      );
      await waitFor(() => expect(answers).toHaveLength(2));
      await act(async () => answers.forEach((answer) => answer({ tickets: page, hasMore: false })));
      await waitFor(() => expect(screen.getByTestId('hidden').getAttribute('data-loaded')).toBe('true'));
      expect(rowIds('list')).toHaveLength(FIRST_ROWS);
      expect(rowIds('hidden')).toHaveLength(0);
      // The frame is painted: the rest follows.
      await act(async () => frames.splice(0).forEach((f) => f(0)));
      await waitFor(() => expect(rowIds('list')).toHaveLength(page.length));
      expect(rowIds('hidden')).toHaveLength(page.length);
    } finally {
      raf.mockRestore();
    }
  });

  it('shows each row as the spec says', async () => {
    const today = new Date();
    today.setHours(9, 5, 0, 0);
    const rows = [
      ticket({ id: 1, contact: { id: 1001, name: 'Carla Fernández Ruiz', number: '51900000001', profilePicUrl: '' }, lastMessage: '', unreadMessages: 3, updatedAt: today.toISOString() }),
      ticket({ id: 2, updatedAt: '2025-01-05T12:00:00.000Z', lastMessage: '¿Tienen stock?' }),
      ticket({
        id: 3,
        lastMessage: '*Ana*:\nEl _envío_ es <b>gratis</b>',
        tags: [
          { id: 1, name: 'VIP', color: '#FFEB3B' },
          { id: 2, name: 'Urgente', color: '#1A237E' },
        ] as never,
      }),
    ];
    await renderList([rows], { narrow: true });
    const first = within(screen.getByTestId('ticket-row-1'));
    expect(first.getByTestId('ticket-name').textContent).toBe('Carla Fern...');
    expect(first.getByTestId('ticket-last-message').textContent).toBe('Sin mensajes');
    expect(first.getByTestId('ticket-time').textContent).toBe('09:05');
    expect(first.getByTestId('ticket-unread').textContent).toBe('3');
    expect(first.getByTestId('ticket-accept')).toBeTruthy();
    const second = within(screen.getByTestId('ticket-row-2'));
    expect(second.getByTestId('ticket-time').textContent).toMatch(/^0[45]\/01\/2025$/);
    expect(second.getByTestId('ticket-last-message').textContent).toBe('¿Tienen stock?');
    expect(second.queryByTestId('ticket-unread')).toBeNull();
    // Pending tickets have no online dot and no resolve button.
    expect(second.queryByTestId('ticket-resolve')).toBeNull();
    // WhatsApp formatting is rendered in the preview, on one line; markup stays text (issue 36 item 9).
    const third = screen.getByTestId('ticket-row-3').querySelector('[data-testid="ticket-last-message"]')!;
    expect(third.textContent).toBe('Ana: El envío es <b>gratis</b>');
    expect(Array.from(third.querySelectorAll('b')).map((el) => el.textContent)).toEqual(['Ana']);
    expect(third.querySelector('i')?.textContent).toBe('envío');
    // Tag chips: dark text on a light colour, light text on a dark one, whatever the theme.
    const chips = Array.from(screen.getByTestId('ticket-row-3').querySelectorAll<HTMLElement>('[data-testid="ticket-row-tag"]'));
    expect(chips.map((c) => [c.textContent, c.style.color])).toEqual([
      ['VIP', '#000'],
      ['Urgente', '#fff'],
    ]);
  });

  it('open tickets show the online dot, resolve and return; closed ones reopen', async () => {
    await renderList([[ticket({ id: 5, status: 'open', userId: 1, user: { id: 1, name: 'Ana' } })]], { status: 'open' });
    const row = within(screen.getByTestId('ticket-row-5'));
    expect(row.getByTestId('ticket-resolve')).toBeTruthy();
    expect(row.getByTestId('ticket-return')).toBeTruthy();
    expect(row.queryByTestId('ticket-accept')).toBeNull();
    expect(screen.getByTestId('ticket-row-5').querySelector('.ant-badge-dot')).not.toBeNull();
    cleanup();
    await renderList([[ticket({ id: 6, status: 'closed' })]], { status: 'closed' });
    expect(within(screen.getByTestId('ticket-row-6')).getByTestId('ticket-reopen')).toBeTruthy();
    expect(screen.getByTestId('ticket-row-6').querySelector('.ant-badge-dot')).toBeNull();
  });

  it('accepting puts the ticket open and opens it; it leaves the waiting list at once', async () => {
    const t = ticket({ id: 7 });
    const { onOpen } = await renderList([[t, ticket({ id: 8 })]]);
    const accepted = { ...t, status: 'open' as const, userId: 1, user: { id: 1, name: 'Ana' } };
    put.mockResolvedValue(accepted as never);
    fireEvent.click(within(screen.getByTestId('ticket-row-7')).getByTestId('ticket-accept'));
    await waitFor(() => expect(onOpen).toHaveBeenCalledWith(accepted));
    expect(put).toHaveBeenCalledWith('/tickets/7', { status: 'open' });
    expect(rowIds('list')).toEqual([8]);
  });

  it('loads the next page only when scrolled near the bottom', async () => {
    await renderList([[ticket({ id: 20 })], [ticket({ id: 21 })], [ticket({ id: 22 })]]);
    expect(get).toHaveBeenCalledTimes(1);
    expect(rowIds('list')).toEqual([20]);
    // happy-dom lays nothing out, so every scroll is "within 100 px of the bottom".
    fireEvent.scroll(screen.getByTestId('list'));
    await waitFor(() => expect(rowIds('list')).toEqual([20, 21]));
    expect(get).toHaveBeenLastCalledWith('/tickets', { query: expect.objectContaining({ pageNumber: 2, status: 'pending' }) });
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('follows live events: new tickets, unread to the top, leaving, unread reset, contact changes', async () => {
    const [a, b] = [ticket({ id: 30 }), ticket({ id: 31 })];
    const { socket } = await renderList([[a, b]]);
    const fresh = ticket({ id: 32, lastMessage: 'Hola, buenas' });
    act(() => socket.emit('ticket', { action: 'update', ticket: fresh }));
    expect(rowIds('list')).toEqual([32, 30, 31]);

    // A customer's message on the last ticket takes it to the top with its unread count.
    act(() => socket.emit('appMessage', { action: 'create', message: { body: 'Sigo aquí', fromMe: false }, ticket: { ...b, unreadMessages: 1, lastMessage: 'Sigo aquí' } }));
    expect(rowIds('list')).toEqual([31, 32, 30]);
    expect(within(screen.getByTestId('ticket-row-31')).getByTestId('ticket-unread').textContent).toBe('1');

    act(() => socket.emit('ticket', { action: 'updateUnread', ticketId: 31 }));
    expect(within(screen.getByTestId('ticket-row-31')).queryByTestId('ticket-unread')).toBeNull();

    // Transferred to a queue this agent does not belong to: gone from the list.
    act(() => socket.emit('ticket', { action: 'update', ticket: { ...a, queueId: 12, queue: { id: 12, name: 'Soporte', color: '#00f' } } }));
    expect(rowIds('list')).toEqual([31, 32]);

    act(() => socket.emit('contact', { action: 'update', contact: { id: fresh.contactId, name: 'Rosa Nueva', number: fresh.contact.number, profilePicUrl: '' } }));
    expect(within(screen.getByTestId('ticket-row-32')).getByTestId('ticket-name').textContent).toBe('Rosa Nueva');

    act(() => socket.emit('ticket', { action: 'delete', ticketId: 32 }));
    expect(rowIds('list')).toEqual([31]);
  });

  it('shows the empty state', async () => {
    await renderList([[]]);
    expect(screen.getByTestId('tickets-empty').textContent).toContain('No hay atenciones aquí.');
  });
});
