// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { TagDto } from '@atende/core-contract';

vi.mock('@atende/sdk-web', async (importOriginal) => {
  const real = await importOriginal<typeof import('@atende/sdk-web')>();
  // The kit inside the SDK calls the same `api` object: its methods are replaced in place.
  Object.assign(real.api, { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() });
  return real;
});
const { api, ApiError } = await import('@atende/sdk-web');
const { TagsPage } = await import('./TagsPage.js');
const { textOn } = await import('./tagRules.js');
const { fakeSocket, setUpShell, wrap } = await import('../connections/testing.js');

const get = vi.mocked(api.get);
const post = vi.mocked(api.post);
const put = vi.mocked(api.put);

const tag = (over: Partial<TagDto> = {}): TagDto => ({ id: 1, name: 'Urgente', color: '#FF0000', kanban: 0, ticketsCount: 2, ...over });

async function renderPage(profile: 'admin' | 'supervisor' | 'user', tags: TagDto[]) {
  await setUpShell(profile);
  get.mockImplementation(async (path: string) => (path === '/tags' ? ({ tags, hasMore: false } as never) : (undefined as never)));
  const socket = fakeSocket();
  render(wrap(<TagsPage />));
  if (tags.length) await screen.findByTestId(`tag-chip-${tags[0].id}`);
  else await screen.findByText('Aún no hay etiquetas.');
  return socket;
}

const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;

describe('tags page', () => {
  afterEach(() => {
    cleanup();
    vi.resetAllMocks();
  });

  it('name rule: required and at least 3 characters, with the translated texts; nothing is sent', async () => {
    await renderPage('admin', []);
    fireEvent.click(screen.getByTestId('tags-add'));
    fireEvent.click(screen.getByTestId('tag-save'));
    await screen.findByText('Obligatorio');
    fireEvent.change(input('tag-name'), { target: { value: ' ab ' } });
    fireEvent.click(screen.getByTestId('tag-save'));
    await screen.findByText('Mensaje muy corto');
    expect(post).not.toHaveBeenCalled();

    post.mockImplementation(async (_p: string, body: unknown) => tag({ id: 5, ticketsCount: 0, ...(body as object) }) as never);
    fireEvent.change(input('tag-name'), { target: { value: 'abc' } });
    fireEvent.click(screen.getByTestId('tag-save'));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(post.mock.calls[0]).toEqual(['/tags', { name: 'abc', color: '#A4CCCC', kanban: 0 }]);
    await screen.findByTestId('tag-chip-5');
  });

  it.each([
    ['admin', true],
    ['supervisor', true],
    ['user', false],
  ] as const)('the kanban toggle is offered to %s: %s', async (profile, shown) => {
    await renderPage(profile, [tag({ id: 3, kanban: 1 })]);
    fireEvent.click(screen.getByTestId('tag-chip-3'));
    await waitFor(() => expect(input('tag-name').value).toBe('Urgente'));
    expect(screen.queryByTestId('tag-kanban') !== null).toBe(shown);
    // An agent editing the name sends the kanban flag back unchanged (the server refuses any change from them).
    put.mockImplementation(async (_p: string, body: unknown) => tag({ id: 3, ...(body as object) }) as never);
    fireEvent.change(input('tag-name'), { target: { value: 'Muy urgente' } });
    fireEvent.click(screen.getByTestId('tag-save'));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    expect(put.mock.calls[0]).toEqual(['/tags/3', { name: 'Muy urgente', color: '#FF0000', kanban: 1 }]);
  });

  it('the floating popover creates a tag by name with the same rule, and a taken name shows on the field', async () => {
    const socket = await renderPage('user', [tag({ id: 1, name: 'Bravo' })]);
    fireEvent.click(screen.getByTestId('tags-quick-add'));
    fireEvent.change(await screen.findByTestId('tag-quick-name'), { target: { value: 'ab' } });
    fireEvent.click(screen.getByTestId('tag-quick-save'));
    await screen.findByText('Mensaje muy corto');
    expect(post).not.toHaveBeenCalled();

    post.mockRejectedValueOnce(new ApiError(409, 'ERR_VALIDATION', 'taken', [{ path: 'name', message: 'name_in_use' }]));
    fireEvent.change(input('tag-quick-name'), { target: { value: 'Bravo' } });
    fireEvent.click(screen.getByTestId('tag-quick-save'));
    await screen.findByText('Ya existe una etiqueta con este nombre.');
    expect(input('tag-quick-name').value).toBe('Bravo');

    // The tag's own live event arrives together with the answer: it is listed once.
    post.mockImplementation(async (_p: string, body: unknown) => {
      const created = tag({ id: 9, ticketsCount: 0, ...(body as object) });
      socket.emit('tag', { action: 'create', tag: created });
      return created as never;
    });
    fireEvent.change(input('tag-quick-name'), { target: { value: 'Alfa' } });
    fireEvent.click(screen.getByTestId('tag-quick-save'));
    await screen.findByTestId('tag-chip-9');
    await waitFor(() => expect(post).toHaveBeenCalledTimes(2));
    expect(screen.getAllByTestId('tag-chip-9')).toHaveLength(1);
    expect(post.mock.calls.at(-1)).toEqual(['/tags', { name: 'Alfa', color: '#A4CCCC', kanban: 0 }]);
  });

  it('display/edit toggle and live events', async () => {
    const socket = await renderPage('admin', [tag({ id: 1, name: 'Bravo', kanban: 1 })]);
    expect(screen.queryByTestId('tag-row-1')).toBeNull();
    fireEvent.click(screen.getByTestId('tags-mode-edit'));
    await screen.findByTestId('tag-row-1');
    expect(screen.getByTestId('tag-kanban-flag-1').textContent).toBe('Sí');
    socket.emit('tag', { action: 'create', tag: tag({ id: 2, name: 'Alfa' }) });
    await screen.findByTestId('tag-row-2');
    socket.emit('tag', { action: 'delete', tagId: 1 });
    await waitFor(() => expect(screen.queryByTestId('tag-row-1')).toBeNull());
  });

  it('text on a tag colour stays readable', () => {
    expect(textOn('#FFFF00')).toBe('#000');
    expect(textOn('#000080')).toBe('#fff');
    expect(textOn('#fff')).toBe('#000');
  });
});
