// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';

vi.mock('@atende/sdk-web', async (importOriginal) => {
  const real = await importOriginal<typeof import('@atende/sdk-web')>();
  // The kit inside the SDK calls the same `api` object: its methods are replaced in place.
  Object.assign(real.api, { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() });
  return real;
});
vi.mock('../contacts/ContactModal.js', () => ({ ContactModal: () => null }));
const { api } = await import('@atende/sdk-web');
const { TicketsManager } = await import('./TicketsManager.js');
const { shouldAlert } = await import('./useNewMessageAlert.js');
const { ticketChangedHere } = await import('./ticketBus.js');
const { fakeSocket, setUpShell, ticket, wrap } = await import('./testing.js');

const get = vi.mocked(api.get);
const ALL_QUEUES = [
  { id: 11, name: 'Ventas', color: '#E91E63' },
  { id: 12, name: 'Soporte', color: '#2196F3' },
];

type Query = Record<string, string | number | boolean | null | undefined>;
const ticketCalls = () => get.mock.calls.filter(([p]) => p === '/tickets').map(([, o]) => (o as { query: Query }).query);

async function renderManager() {
  get.mockImplementation(async (path: string, o?: { query?: Query }) => {
    if (path === '/queue') return ALL_QUEUES as never;
    if (path === '/tags/list') return [] as never;
    if (path === '/tickets/count') return { count: o?.query?.status === 'pending' ? 4 : 2 } as never;
    if (path === '/tickets') return { tickets: [], hasMore: false } as never;
    return undefined as never;
  });
  fakeSocket();
  render(wrap(<TicketsManager narrow={false} onOpen={vi.fn()} />));
  await waitFor(() => expect(ticketCalls().length).toBeGreaterThanOrEqual(2));
}

const queueOptions = async () => {
  fireEvent.mouseDown(screen.getByTestId('tickets-queues').querySelector('.ant-select-selector') ?? screen.getByTestId('tickets-queues'));
  await screen.findAllByRole('option');
  return Array.from(document.querySelectorAll('.ant-select-item-option')).map((o) => o.textContent);
};

describe('tickets header', () => {
  afterEach(() => {
    cleanup();
    vi.resetAllMocks();
  });

  it('agents: no show-all switch, only their own queues, never the company queue list', async () => {
    await setUpShell({ profile: 'user', queues: [ALL_QUEUES[0]] });
    await renderManager();
    expect(screen.queryByTestId('tickets-show-all')).toBeNull();
    expect(await queueOptions()).toEqual(['Ventas']);
    expect(get).not.toHaveBeenCalledWith('/queue');
    // Both open-tab lists are asked for, by status, with show-all off.
    expect(ticketCalls()).toEqual(
      expect.arrayContaining([expect.objectContaining({ status: 'open', showAll: 'false' }), expect.objectContaining({ status: 'pending', showAll: 'false' })]),
    );
    expect((await screen.findByTestId('tickets-count-pending')).textContent).toBe('4');
    expect(screen.getByTestId('tickets-count-open').textContent).toBe('2');
  });

  it('admins: every queue, all tickets by default, and the switch narrows to their queues and says so', async () => {
    await setUpShell({ profile: 'admin', queues: [] });
    await renderManager();
    // An admin in no queue still sees the company's tickets at once (issue 36 item 3).
    expect(ticketCalls()).toEqual(expect.arrayContaining([expect.objectContaining({ status: 'pending', showAll: 'true' })]));
    expect(get).toHaveBeenCalledWith('/tickets/count', { query: expect.objectContaining({ status: 'pending', showAll: 'true' }) });
    expect(await queueOptions()).toEqual(['Ventas', 'Soporte']);
    expect(screen.queryByTestId('tickets-empty-hint')).toBeNull();
    get.mockClear();
    fireEvent.click(screen.getByTestId('tickets-show-all'));
    await waitFor(() => expect(ticketCalls()).toEqual(expect.arrayContaining([expect.objectContaining({ status: 'pending', showAll: 'false' })])));
    // The empty list names the switch that hides the other tickets.
    expect((await screen.findAllByTestId('tickets-empty-hint'))[0].textContent).toContain('Todas');
  });

  it('follows a ticket accepted here from the waiting list to in progress', async () => {
    await setUpShell({ profile: 'user', queues: [ALL_QUEUES[0]] });
    await renderManager();
    fireEvent.click(screen.getByTestId('tickets-open-list-pending'));
    await waitFor(() => expect(screen.getByTestId('tickets-list-pending').style.display).not.toBe('none'));
    // signedInAs signs in user 1.
    act(() => ticketChangedHere(ticket({ id: 9, status: 'open', userId: 1 })));
    await waitFor(() => expect(screen.getByTestId('tickets-list-open').style.display).not.toBe('none'));
    expect(screen.getByTestId('tickets-list-pending').style.display).toBe('none');
  });

  it('typing searches in the search tab after 500 ms, over every status', async () => {
    await setUpShell({ profile: 'user' });
    await renderManager();
    get.mockClear();
    fireEvent.change(screen.getByTestId('tickets-search'), { target: { value: 'zapatillas' } });
    expect(ticketCalls()).toEqual([]);
    await act(() => new Promise((r) => setTimeout(r, 550)));
    await waitFor(() => expect(ticketCalls()).toEqual([expect.objectContaining({ searchParam: 'zapatillas', pageNumber: 1 })]));
    expect(ticketCalls()[0].status).toBeUndefined();
    expect(screen.getByTestId('tickets-list-search')).toBeTruthy();
  });
});

describe('new-message alert', () => {
  const t = ticket({ id: 3 });
  const incoming = { action: 'create' as const, message: { body: 'Hola', fromMe: false } as never, ticket: t };
  it('rings for a customer message on a ticket not in view', () => {
    expect(shouldAlert(incoming, undefined, true)).toBe(true);
    expect(shouldAlert(incoming, 'another-uuid', true)).toBe(true);
    // In view, but the tab is hidden: the agent is not looking.
    expect(shouldAlert(incoming, t.uuid, false)).toBe(true);
  });
  it('stays quiet for the ticket in view, for our own messages and for edits', () => {
    expect(shouldAlert(incoming, t.uuid, true)).toBe(false);
    expect(shouldAlert({ ...incoming, message: { body: 'x', fromMe: true } as never }, undefined, true)).toBe(false);
    expect(shouldAlert({ ...incoming, action: 'update' }, undefined, true)).toBe(false);
  });
});
