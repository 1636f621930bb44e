// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';

vi.mock('@atende/sdk-web', async (importOriginal) => {
  const real = await importOriginal<typeof import('@atende/sdk-web')>();
  // The kit inside the SDK calls the same `api` object: its methods are replaced in place.
  Object.assign(real.api, { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() });
  // Uploads go through the kit's uploadWithProgress: here they land on the same mocked `post`.
  return { ...real, uploadWithProgress: (path: string, form: FormData) => real.api.post(path, form) };
});
const { api, ApiError } = await import('@atende/sdk-web');
const { QuickMessagesPage } = await import('./QuickMessagesPage.js');
type QuickMessageDto = import('./QuickMessageModal.js').QuickMessageDto;
const { fakeSocket, setUpShell, wrap } = await import('../connections/testing.js');

const get = vi.mocked(api.get);
const post = vi.mocked(api.post);
const put = vi.mocked(api.put);
const del = vi.mocked(api.delete);

const record = (over: Partial<QuickMessageDto> = {}): QuickMessageDto => ({
  id: 1,
  shortcode: 'hola',
  message: 'Hola, ¿en qué le ayudo?',
  geral: false,
  userId: 1,
  mediaPath: null,
  mediaName: null,
  attachment: null,
  allowEdit: true,
  ...over,
});

async function renderPage(profile: 'admin' | 'user', records: QuickMessageDto[]) {
  await setUpShell(profile); // signed in as user id 1
  get.mockImplementation(async (path: string) => (path === '/quick-messages' ? ({ records, hasMore: false } as never) : (undefined as never)));
  const socket = fakeSocket();
  render(wrap(<QuickMessagesPage />));
  if (records.length) await screen.findByTestId(`qm-row-${records[0].id}`);
  else await screen.findByText('Aún no hay respuestas rápidas.');
  return socket;
}

const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;

describe('quick messages page', () => {
  afterEach(() => {
    cleanup();
    vi.resetAllMocks();
  });

  it('shortcode is required (translated) and nothing is sent without it', async () => {
    await renderPage('user', []);
    fireEvent.click(screen.getByTestId('qm-add'));
    fireEvent.change(input('qm-message'), { target: { value: 'Buenos días' } });
    fireEvent.change(input('qm-shortcode'), { target: { value: '   ' } });
    fireEvent.click(screen.getByTestId('qm-save'));
    await screen.findByText('Obligatorio');
    expect(post).not.toHaveBeenCalled();
    // Only admins may share with the company.
    expect(screen.queryByTestId('qm-geral')).toBeNull();
  });

  it('saves the record, then uploads the chosen file; the name is shown with underscores', async () => {
    await renderPage('admin', []);
    post.mockImplementation(async (path: string, body: unknown) => {
      if (path === '/quick-messages') return record({ id: 4, ...(body as object) }) as never;
      if (path === '/quick-messages/4/media-upload') {
        const form = body as FormData;
        expect(form.get('typeArch')).toBe('quickMessage');
        expect((form.get('file') as File).name).toBe('lista de precios.pdf');
        return record({ id: 4, shortcode: 'precios', geral: true, mediaPath: '/api/media/x.pdf', mediaName: 'lista_de_precios.pdf' }) as never;
      }
      throw new Error(`unexpected ${path}`);
    });
    fireEvent.click(screen.getByTestId('qm-add'));
    fireEvent.change(input('qm-shortcode'), { target: { value: 'precios' } });
    // An admin's new quick reply is for the company unless unticked (issue 36 item 5).
    const geral = screen.getByTestId('qm-geral');
    expect((geral.tagName === 'INPUT' ? (geral as HTMLInputElement) : geral.querySelector('input')!).checked).toBe(true);
    fireEvent.change(input('qm-file-input'), { target: { files: [new File(['%PDF-1.4'], 'lista de precios.pdf', { type: 'application/pdf' })] } });
    expect((await screen.findByTestId('qm-file-name')).textContent).toBe('lista_de_precios.pdf');
    fireEvent.click(screen.getByTestId('qm-save'));
    await screen.findByTestId('qm-row-4');
    expect(post.mock.calls[0]).toEqual(['/quick-messages', { shortcode: 'precios', message: '', geral: true }]);
    expect(post.mock.calls[1]![0]).toBe('/quick-messages/4/media-upload');
    expect(screen.getByTestId('qm-row-4').textContent).toContain('lista_de_precios.pdf');
  });

  it('a failed upload keeps the dialog on the saved record: saving again updates it instead of creating another', async () => {
    await renderPage('user', []);
    post
      .mockResolvedValueOnce(record({ id: 6, shortcode: 'foto' }) as never)
      .mockRejectedValueOnce(new ApiError(415, 'ERR_MEDIA_TYPE_NOT_ALLOWED', 'no'))
      .mockResolvedValueOnce(record({ id: 6, shortcode: 'foto', mediaName: 'a.png', mediaPath: '/api/media/a.png' }) as never);
    put.mockResolvedValue(record({ id: 6, shortcode: 'foto' }) as never);
    fireEvent.click(screen.getByTestId('qm-add'));
    fireEvent.change(input('qm-shortcode'), { target: { value: 'foto' } });
    fireEvent.change(input('qm-file-input'), { target: { files: [new File(['x'], 'a.png', { type: 'image/png' })] } });
    fireEvent.click(screen.getByTestId('qm-save'));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(2));
    expect(input('qm-shortcode').value).toBe('foto');
    expect(screen.getByTestId('qm-file-name').textContent).toBe('a.png');
    fireEvent.click(screen.getByTestId('qm-save'));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(3));
    expect(put).toHaveBeenCalledWith('/quick-messages/6', { shortcode: 'foto', message: '', geral: false });
    expect(post.mock.calls[2]![0]).toBe('/quick-messages/6/media-upload');
  });

  it('removing an attachment calls DELETE media-upload', async () => {
    const r = record({ id: 8, mediaName: 'a.pdf', mediaPath: '/api/media/a.pdf' });
    await renderPage('user', [r]);
    put.mockResolvedValue(r as never);
    del.mockResolvedValue(record({ id: 8 }) as never);
    fireEvent.click(screen.getByTestId('qm-edit-8'));
    expect((await screen.findByTestId('qm-file-name')).textContent).toBe('a.pdf');
    fireEvent.click(screen.getByTestId('qm-file-remove'));
    fireEvent.click(screen.getByTestId('qm-save'));
    await waitFor(() => expect(del).toHaveBeenCalledWith('/quick-messages/8/media-upload'));
  });

  it('a plugin’s attachment (a file list) shows in the list and the dialog; saving leaves it out unless removed (issue 38 item 11)', async () => {
    const r = record({ id: 9, shortcode: 'catalogo', attachment: { kind: 'files.fileList', id: 3, label: 'Catálogo 2026' } });
    await renderPage('user', [r]);
    expect(screen.getByTestId('qm-plugin-attachment-9').textContent).toContain('Catálogo 2026');
    put.mockResolvedValueOnce({ ...r, message: 'Le envío el catálogo' } as never).mockResolvedValueOnce(record({ id: 9, shortcode: 'catalogo' }) as never);
    fireEvent.click(screen.getByTestId('qm-edit-9'));
    expect((await screen.findByTestId('qm-plugin-attachment')).textContent).toContain('Catálogo 2026');
    fireEvent.change(input('qm-message'), { target: { value: 'Le envío el catálogo' } });
    fireEvent.click(screen.getByTestId('qm-save'));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    // Unchanged: the partial update does not send it (the server keeps it).
    expect(put.mock.calls[0]).toEqual(['/quick-messages/9', { shortcode: 'catalogo', message: 'Le envío el catálogo', geral: false }]);

    fireEvent.click(screen.getByTestId('qm-edit-9'));
    fireEvent.click(await screen.findByTestId('qm-plugin-attachment-remove'));
    await waitFor(() => expect(screen.queryByTestId('qm-plugin-attachment')).toBeNull());
    fireEvent.click(screen.getByTestId('qm-save'));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(2));
    expect(put.mock.calls[1]![1]).toMatchObject({ attachment: null });
  });

  it('only editable records show edit and delete; live events follow the visibility rules', async () => {
    const socket = await renderPage('user', [record({ id: 1 }), record({ id: 2, shortcode: 'shared', geral: true, userId: 9, allowEdit: false })]);
    expect(screen.getByTestId('qm-edit-1')).toBeTruthy();
    expect(screen.queryByTestId('qm-edit-2')).toBeNull();
    expect(screen.queryByTestId('qm-delete-2')).toBeNull();

    // A shared record from an admin: visible, not editable by an agent.
    socket.emit('quickmessage', { action: 'create', record: { ...record({ id: 3, shortcode: 'zeta', geral: true, userId: 9 }), allowEdit: undefined } });
    await screen.findByTestId('qm-row-3');
    expect(screen.queryByTestId('qm-edit-3')).toBeNull();
    // It stops being shared: it disappears for others.
    socket.emit('quickmessage', { action: 'update', record: record({ id: 3, shortcode: 'zeta', geral: false, userId: 9 }) });
    await waitFor(() => expect(screen.queryByTestId('qm-row-3')).toBeNull());
    socket.emit('quickmessage', { action: 'delete', record: record({ id: 1 }) });
    await waitFor(() => expect(screen.queryByTestId('qm-row-1')).toBeNull());
  });
});
