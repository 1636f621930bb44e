// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Queue, QueueOptionDto } from '@atende/core-contract';

vi.mock('@atende/sdk-web', async (importOriginal) => {
  const real = await importOriginal<typeof import('@atende/sdk-web')>();
  // The kit inside the SDK calls the same `api` object: its methods are replaced in place.
  Object.assign(real.api, { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() });
  return real;
});
const { api, ApiError } = await import('@atende/sdk-web');
const { QueuesPage } = await import('./QueuesPage.js');
const { nextOptionNumber } = await import('./QueueOptionsEditor.js');
const { QUEUE_PALETTE, colourOwner, firstFreeColour, inkOn } = await import('./palette.js');
const { fakeSocket, setUpShell, wrap } = await import('../connections/testing.js');

const get = vi.mocked(api.get);
const post = vi.mocked(api.post);
const put = vi.mocked(api.put);

const queue = (over: Partial<Queue>): Queue => ({
  id: 1,
  name: 'Ventas',
  color: QUEUE_PALETTE[0],
  greetingMessage: '',
  outOfHoursMessage: '',
  orderQueue: null,
  schedules: [],
  promptId: null,
  integrationId: null,
  ...over,
});

async function renderPage(queues: Queue[], options: QueueOptionDto[] = []) {
  get.mockImplementation(async (path: string, opts?: { query?: Record<string, unknown> }) => {
    if (path === '/queue') return queues as never;
    if (path !== '/queue-options') return undefined as never;
    const parentId = Number(opts?.query?.parentId);
    return options.filter((o) => o.queueId === Number(opts?.query?.queueId) && (o.parentId ?? -1) === parentId) as never;
  });
  fakeSocket();
  render(wrap(<QueuesPage />));
  if (queues.length) await screen.findByTestId(`queue-row-${queues[0].id}`);
  else await screen.findByText('Aún no hay colas.');
}

const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;

describe('queues page', { timeout: 30_000 }, () => {
  beforeAll(() => setUpShell('admin'));
  afterEach(() => {
    cleanup();
    vi.resetAllMocks();
  });

  it('palette helpers: colours are unique per company, case aside', () => {
    const qs = [queue({ id: 1, color: QUEUE_PALETTE[0].toLowerCase() }), queue({ id: 2, color: QUEUE_PALETTE[1] })];
    expect(colourOwner(QUEUE_PALETTE[0], qs)?.id).toBe(1);
    expect(colourOwner(QUEUE_PALETTE[0], qs, 1)).toBeUndefined();
    expect(firstFreeColour(qs)).toBe(QUEUE_PALETTE[2]);
    expect(inkOn('#FFC107')).toBe('#000000');
    expect(inkOn('#1A237E')).toBe('#ffffff');
    expect(nextOptionNumber([])).toBe('1');
    expect(nextOptionNumber([{ option: '1' }, { option: '7' }] as QueueOptionDto[])).toBe('8');
  });

  it('a new queue starts with a free colour and the default hours, and saves them', async () => {
    await renderPage([queue({ id: 1, name: 'Ventas', color: QUEUE_PALETTE[0] })]);
    post.mockImplementation(async (_p: string, body: unknown) => ({ id: 2, ...(body as object) }) as never);
    fireEvent.click(screen.getByTestId('queues-add'));
    // Taken colours cannot be picked; the first free one is chosen.
    expect(screen.getByTestId(`queue-colour-${QUEUE_PALETTE[0].slice(1)}`).hasAttribute('disabled')).toBe(true);
    await waitFor(() => expect(screen.getByTestId(`queue-colour-${QUEUE_PALETTE[1].slice(1)}`).getAttribute('aria-checked')).toBe('true'));
    // Mon–Fri 08:00–18:00, Sat 08:00–12:00, Sun 00:00–00:00.
    for (const day of ['monday', 'tuesday', 'wednesday', 'thursday', 'friday']) {
      expect(input(`queue-hours-start-${day}`).value).toBe('08:00');
      expect(input(`queue-hours-end-${day}`).value).toBe('18:00');
    }
    expect([input('queue-hours-start-saturday').value, input('queue-hours-end-saturday').value]).toEqual(['08:00', '12:00']);
    expect([input('queue-hours-start-sunday').value, input('queue-hours-end-sunday').value]).toEqual(['00:00', '00:00']);
    // The HH:MM mask.
    fireEvent.change(input('queue-hours-end-saturday'), { target: { value: '1330' } });
    expect(input('queue-hours-end-saturday').value).toBe('13:30');

    fireEvent.change(input('queue-name'), { target: { value: 'Soporte' } });
    fireEvent.click(screen.getByTestId(`queue-colour-${QUEUE_PALETTE[5].slice(1)}`));
    fireEvent.click(screen.getByTestId('queue-save'));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    const [path, body] = post.mock.calls[0] as [string, { name: string; color: string; schedules: { weekdayEn: string; startTime: string; endTime: string }[] }];
    expect(path).toBe('/queue');
    expect(body).toMatchObject({ name: 'Soporte', color: QUEUE_PALETTE[5] });
    expect(body.schedules).toHaveLength(7);
    expect(body.schedules.find((s) => s.weekdayEn === 'saturday')).toMatchObject({ startTime: '08:00', endTime: '13:30' });
    expect(body.schedules.find((s) => s.weekdayEn === 'monday')).toMatchObject({ startTime: '08:00', endTime: '18:00' });
    await screen.findByTestId('queue-row-2');
  });

  it('refuses a malformed hour and does not call the server', async () => {
    await renderPage([]);
    fireEvent.click(screen.getByTestId('queues-add'));
    fireEvent.change(input('queue-name'), { target: { value: 'Soporte' } });
    fireEvent.change(input('queue-hours-start-monday'), { target: { value: '2599' } });
    fireEvent.click(screen.getByTestId('queue-save'));
    await screen.findByTestId('queue-hours-invalid');
    expect(post).not.toHaveBeenCalled();
  });

  it('shows a colour taken meanwhile on the field and keeps what was typed', async () => {
    const q = queue({ id: 4, name: 'Ventas', color: QUEUE_PALETTE[3] });
    await renderPage([q]);
    put.mockRejectedValue(new ApiError(409, 'ERR_QUEUE_COLOR_ALREADY_EXISTS', 'taken'));
    fireEvent.click(screen.getByTestId('queue-edit-4'));
    await waitFor(() => expect(input('queue-name').value).toBe('Ventas'));
    fireEvent.change(input('queue-name'), { target: { value: 'Ventas Lima' } });
    fireEvent.click(screen.getByTestId(`queue-colour-${QUEUE_PALETTE[8].slice(1)}`));
    fireEvent.click(screen.getByTestId('queue-save'));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    await screen.findByText('Otra cola ya usa este color; elija otro.');
    expect(input('queue-name').value).toBe('Ventas Lima');
  });

  it('adds an option to an existing queue, numbered after the last one', async () => {
    const q = queue({ id: 6 });
    const existing: QueueOptionDto = { id: 30, queueId: 6, parentId: null, title: 'Precios', message: '', option: '1' };
    await renderPage([q], [existing]);
    post.mockImplementation(async (_p: string, body: unknown) => ({ id: 31, ...(body as object) }) as never);
    fireEvent.click(screen.getByTestId('queue-edit-6'));
    fireEvent.click(screen.getByTestId('queue-tab-options'));
    await screen.findByTestId('queue-option-30');
    fireEvent.click(screen.getByTestId('queue-option-add-root'));
    expect(input('queue-option-number').value).toBe('2');
    // A number already used at this level is refused.
    fireEvent.change(input('queue-option-number'), { target: { value: '1' } });
    fireEvent.change(input('queue-option-title'), { target: { value: 'Envíos' } });
    fireEvent.click(screen.getByTestId('queue-option-save'));
    await screen.findByText('Este número ya se usa en este nivel');
    expect(post).not.toHaveBeenCalled();
    fireEvent.change(input('queue-option-number'), { target: { value: '2' } });
    fireEvent.change(screen.getByTestId('queue-option-message'), { target: { value: 'Enviamos a todo el país' } });
    fireEvent.click(screen.getByTestId('queue-option-save'));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/queue-options', { queueId: 6, parentId: null, option: '2', title: 'Envíos', message: 'Enviamos a todo el país' }));
    const created = await screen.findByTestId('queue-option-31');
    expect(within(created).getByTestId('queue-option-label').textContent).toBe('2. Envíos');
  });
});
