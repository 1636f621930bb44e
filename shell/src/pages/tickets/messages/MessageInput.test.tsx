// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createRef } from 'react';
import type { MessageDto } from '@atende/core-contract';

vi.mock('@atende/sdk-web', async (importOriginal) => {
  const real = await importOriginal<typeof import('@atende/sdk-web')>();
  // The kit inside the SDK calls the same `api` object: its methods are replaced in place.
  Object.assign(real.api, { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() });
  return real;
});
const { api, ApiError } = await import('@atende/sdk-web');
const { MessageInput, SIGN_STORAGE_KEY, quickLabel, matchQuickReplies } = await import('./MessageInput.js');
type MessageInputHandle = import('./MessageInput.js').MessageInputHandle;
const { messageSaved, noteSaved } = await import('./messageSaved.js');
const { fakeSocket, message, setUpShell, ticket, wrap } = await import('./testing.js');

const get = vi.mocked(api.get);
const post = vi.mocked(api.post);

const QUICK = [
  { id: 1, shortcode: 'saludo', message: 'Hola, gracias por escribirnos. ¿En qué podemos ayudarle hoy?', mediaPath: null, mediaName: null },
  { id: 2, shortcode: 'catalogo', message: 'Le envío el catálogo', mediaPath: 'catalogo.pdf', mediaName: 'catalogo.pdf' },
  { id: 3, shortcode: 'horario', message: 'Atendemos de 8 a 18 h', mediaPath: null, mediaName: null },
  // A plugin's attachment (issue 38 item 11): a file list, no file of its own.
  { id: 5, shortcode: 'lista', message: '', mediaPath: null, mediaName: null, attachment: { kind: 'files.fileList', id: 7, label: 'Catálogo 2026' } },
];

const textBox = () => screen.getByTestId('message-input-text') as HTMLTextAreaElement;
const type = (value: string) => fireEvent.change(textBox(), { target: { value } });
const enter = (shiftKey = false) => fireEvent.keyDown(textBox(), { key: 'Enter', shiftKey });

function renderInput(over: Parameters<typeof ticket>[0] = {}, replyTo: MessageDto | null = null, onCancelReply = vi.fn()) {
  const t = ticket(over);
  const view = render(wrap(<MessageInput ticket={t} replyTo={replyTo} onCancelReply={onCancelReply} />));
  return { ...view, onCancelReply };
}

describe('message input', () => {
  beforeAll(() => setUpShell());
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.resetAllMocks();
  });

  it('is disabled unless the ticket is open, with the hint to accept or reopen', () => {
    renderInput({ id: 101, status: 'pending' });
    expect(textBox().disabled).toBe(true);
    expect(textBox().placeholder).toBe('Acepte el ticket para responder');
    expect(screen.queryByTestId('audio-record')).toBeNull();
    expect((screen.getByTestId('message-attach') as HTMLButtonElement).disabled).toBe(true);
    cleanup();
    renderInput({ id: 102, status: 'closed' });
    expect(textBox().disabled).toBe(true);
    expect(textBox().placeholder).toBe('Reabra el ticket para responder');
    expect(screen.queryByTestId('audio-record')).toBeNull();
    cleanup();
    renderInput({ id: 103, status: 'open' });
    expect(textBox().disabled).toBe(false);
    expect(textBox().placeholder).toBe('Escriba un mensaje');
    expect(screen.getByTestId('audio-record')).toBeTruthy();
  });

  it('sends with Enter, breaks lines with Shift+Enter and never sends blank text', async () => {
    post.mockResolvedValue(message(50, { fromMe: true, body: 'hola' }) as never);
    const saved: MessageDto[] = [];
    const stop = messageSaved.watch((m) => saved.push(m));
    renderInput({ id: 104 });
    type('   \n  ');
    enter();
    expect(post).not.toHaveBeenCalled();
    type('hola');
    enter(true);
    expect(post).not.toHaveBeenCalled();
    enter();
    await waitFor(() => expect(post).toHaveBeenCalledWith('/messages/104', { body: 'hola', sign: true }));
    await waitFor(() => expect(textBox().value).toBe(''));
    expect(saved.map((m) => m.id)).toEqual([50]);
    stop.unsubscribe();
  });

  it('keeps the text when sending fails and shows the error', async () => {
    post.mockRejectedValue(new ApiError(400, 'ERR_WAPP_NOT_INITIALIZED', 'x'));
    renderInput({ id: 105 });
    type('no lo pierdas');
    fireEvent.click(screen.getByTestId('message-send'));
    await screen.findByText('La sesión de WhatsApp no fue inicializada. Revise la página de conexiones.');
    expect(textBox().value).toBe('no lo pierdas');
  });

  it('signs by default, remembers the choice locally and sends it', async () => {
    post.mockResolvedValue(message(51) as never);
    renderInput({ id: 106 });
    const sw = screen.getByTestId('message-sign');
    expect(sw.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(sw);
    expect(localStorage.getItem(SIGN_STORAGE_KEY)).toBe('false');
    cleanup();
    renderInput({ id: 106 });
    expect(screen.getByTestId('message-sign').getAttribute('aria-checked')).toBe('false');
    type('sin firma');
    enter();
    await waitFor(() => expect(post).toHaveBeenCalledWith('/messages/106', { body: 'sin firma', sign: false }));
    fireEvent.click(screen.getByTestId('message-sign'));
    expect(localStorage.getItem(SIGN_STORAGE_KEY)).toBe('true');
  });

  it('reloads open quick-reply suggestions when a quick message changes live', async () => {
    const socket = fakeSocket();
    get.mockResolvedValue(QUICK as never);
    renderInput({ id: 108 });
    type('/ho');
    await screen.findByTestId('quick-replies');
    expect(screen.getAllByTestId('quick-reply-option')).toHaveLength(1);
    const added = { id: 4, shortcode: 'hoy', message: 'Hoy cerramos a las 16 h', mediaPath: null, mediaName: null };
    get.mockResolvedValue([...QUICK, added] as never);
    act(() => socket.emit('quickmessage', { action: 'create', record: added }));
    await waitFor(() => expect(screen.getAllByTestId('quick-reply-option')).toHaveLength(2));
    expect(get).toHaveBeenCalledTimes(2);
    // Without a '/' in the box an event fetches nothing.
    type('hola');
    act(() => socket.emit('quickmessage', { action: 'delete', record: added }));
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('suggests quick replies after "/" and more, cut at 35 characters', async () => {
    get.mockResolvedValue(QUICK as never);
    post.mockResolvedValue(message(52) as never);
    renderInput({ id: 107 });
    type('/');
    // '/' alone loads the list but suggests nothing yet (suggestions from 2 characters, core-operations §2).
    await waitFor(() => expect(get).toHaveBeenCalledWith('/quick-messages/list'));
    expect(screen.queryByTestId('quick-replies')).toBeNull();
    expect(screen.queryByTestId('quick-replies-notice')).toBeNull();
    type('/sal');
    await screen.findByTestId('quick-replies');
    expect(get).toHaveBeenCalledWith('/quick-messages/list');
    const options = screen.getAllByTestId('quick-reply-option');
    expect(options).toHaveLength(1);
    expect(screen.getByTestId('quick-reply-label').textContent).toBe(' - Hola, gracias por escribirnos. ¿En…');
    expect(quickLabel('a'.repeat(35))).toBe('a'.repeat(35));
    expect(quickLabel('a'.repeat(36))).toBe(`${'a'.repeat(35)}…`);
    // Emoji count as one character each and are never cut in half.
    expect(quickLabel('😀'.repeat(40))).toBe(`${'😀'.repeat(35)}…`);
    expect(quickLabel('corto')).toBe('corto');
    // Picking a text reply fills the box (nothing is sent yet).
    fireEvent.click(options[0]);
    expect(textBox().value).toBe(QUICK[0].message);
    expect(post).not.toHaveBeenCalled();
    expect(screen.queryByTestId('quick-replies')).toBeNull();
    // A reply with a file goes out at once with its id; Enter picks the highlighted one.
    type('/cat');
    await screen.findByTestId('quick-replies');
    enter();
    await waitFor(() => expect(post).toHaveBeenCalledWith('/messages/107', { body: 'Le envío el catálogo', quickMessageId: 2, sign: true }));
    await waitFor(() => expect(textBox().value).toBe(''));
    // A reply carrying a plugin's attachment (a file list) shows it and goes out at once too, even without text.
    type('/list');
    expect((await screen.findByTestId('quick-reply-attachment')).textContent).toContain('Catálogo 2026');
    enter();
    await waitFor(() => expect(post).toHaveBeenCalledWith('/messages/107', { body: '', quickMessageId: 5, sign: true }));
    await waitFor(() => expect(textBox().value).toBe(''));
    expect(matchQuickReplies('/', QUICK)).toEqual([]);
    expect(matchQuickReplies('/ORA', QUICK).map((q) => q.id)).toEqual([3]);
  });

  it('an unmatched "/word" is never sent by Enter and offers to create a quick reply (issue 36 item 5)', async () => {
    get.mockResolvedValue(QUICK as never);
    renderInput({ id: 120 });
    type('/precio');
    expect((await screen.findByTestId('quick-replies-notice')).getAttribute('data-notice')).toBe('noMatch');
    expect(screen.getByTestId('quick-replies-notice').textContent).toContain('«/precio»');
    enter();
    await new Promise((r) => setTimeout(r, 50));
    expect(post).not.toHaveBeenCalled();
    expect(textBox().value).toBe('/precio');
    expect(screen.getByTestId('quick-replies-create').getAttribute('href')).toBe('/quick-messages');
    // A sentence that starts with '/' is text, and goes out.
    post.mockResolvedValue(message(60) as never);
    type('/precio de hoy');
    expect(screen.queryByTestId('quick-replies-notice')).toBeNull();
    enter();
    await waitFor(() => expect(post).toHaveBeenCalledWith('/messages/120', { body: '/precio de hoy', sign: true }));
  });

  it('"/" with no quick reply at all says so and offers to create one', async () => {
    get.mockResolvedValue([] as never);
    renderInput({ id: 121 });
    type('/');
    expect((await screen.findByTestId('quick-replies-notice')).getAttribute('data-notice')).toBe('none');
    expect(screen.getByTestId('quick-replies-notice').textContent).toContain('Todavía no tiene respuestas rápidas.');
  });

  it('"note" beside "reply" stores an internal note, never a message, even on a waiting ticket (issue 36 item 6)', async () => {
    const saved: unknown[] = [];
    const watcher = noteSaved.watch((n) => saved.push(n));
    const note = { id: 31, note: 'Cliente VIP, ofrecer envío gratis', ticketId: 122, contactId: 1122, user: { id: 1, name: 'Ana' }, createdAt: '2026-11-27T10:00:00.000Z' };
    post.mockResolvedValue(note as never);
    renderInput({ id: 122, status: 'pending', contactId: 1122 });
    expect(textBox().disabled).toBe(true);
    fireEvent.click(screen.getByTestId('message-mode-note'));
    await waitFor(() => expect(textBox().disabled).toBe(false));
    expect(textBox().getAttribute('data-mode')).toBe('note');
    expect(textBox().placeholder).toContain('nunca se envía al cliente');
    // No attachments, signature or quick replies for a note.
    expect(screen.queryByTestId('message-attach')).toBeNull();
    expect(screen.queryByTestId('message-sign')).toBeNull();
    type('Cliente VIP, ofrecer envío gratis');
    enter();
    await waitFor(() => expect(post).toHaveBeenCalledWith('/ticket-notes', { note: 'Cliente VIP, ofrecer envío gratis', ticketId: 122, contactId: 1122 }));
    expect(post).not.toHaveBeenCalledWith(expect.stringMatching(/^\/messages/), expect.anything());
    await waitFor(() => expect(textBox().value).toBe(''));
    expect(saved).toEqual([note]);
    watcher.unsubscribe();
  });

  it('shows the reply preview, sends the quoted id and lets the agent cancel', async () => {
    post.mockResolvedValue(message(53) as never);
    const quoted = message(9, { body: 'mi pedido no llegó' });
    const { onCancelReply } = renderInput({ id: 108 }, quoted);
    expect(screen.getByTestId('reply-preview').textContent).toContain('mi pedido no llegó');
    fireEvent.click(screen.getByTestId('reply-cancel'));
    expect(onCancelReply).toHaveBeenCalledTimes(1);
    type('ya lo revisamos');
    enter();
    await waitFor(() => expect(post).toHaveBeenCalledWith('/messages/108', { body: 'ya lo revisamos', sign: true, quotedMsgId: 9 }));
    await waitFor(() => expect(onCancelReply).toHaveBeenCalledTimes(2));
  });

  it('takes files handed over by the conversation (drop) only while the ticket is open', async () => {
    const handle = createRef<MessageInputHandle>();
    const file = new File(['a'], 'foto.png', { type: 'image/png' });
    const view = render(wrap(<MessageInput ticket={ticket({ id: 110, status: 'pending' })} replyTo={null} onCancelReply={vi.fn()} handle={handle} />));
    act(() => handle.current!.addFiles([file]));
    expect(screen.queryAllByTestId('attachment-item')).toHaveLength(0);
    view.rerender(wrap(<MessageInput ticket={ticket({ id: 110, status: 'open' })} replyTo={null} onCancelReply={vi.fn()} handle={handle} />));
    act(() => handle.current!.addFiles([file]));
    expect(screen.getAllByTestId('attachment-item')).toHaveLength(1);
  });

  it('sends attachments as multipart medias with the caption, and keeps them when it fails', async () => {
    renderInput({ id: 109 });
    const input = screen.getByTestId('message-file-input') as HTMLInputElement;
    const a = new File(['a'.repeat(10)], 'foto.png', { type: 'image/png' });
    const b = new File(['b'.repeat(10)], 'lista.pdf', { type: 'application/pdf' });
    fireEvent.change(input, { target: { files: [a, b] } });
    expect(screen.getAllByTestId('attachment-item')).toHaveLength(2);
    expect(textBox().placeholder).toBe('Agregue un texto (opcional)');
    type('precios');
    post.mockRejectedValueOnce(new Error('falló la subida'));
    fireEvent.click(screen.getByTestId('message-send'));
    await screen.findByText('falló la subida');
    expect(screen.getAllByTestId('attachment-item')).toHaveLength(2);
    expect(textBox().value).toBe('precios');

    post.mockResolvedValueOnce([message(60), message(61)] as never);
    fireEvent.click(screen.getByTestId('message-send'));
    await waitFor(() => expect(screen.queryByTestId('attachment-item')).toBeNull());
    const [path, form] = post.mock.calls[1] as [string, FormData];
    expect(path).toBe('/messages/109');
    expect(form).toBeInstanceOf(FormData);
    expect((form.getAll('medias') as File[]).map((f) => f.name)).toEqual(['foto.png', 'lista.pdf']);
    expect(form.get('body')).toBe('precios');
    expect(form.get('sign')).toBe('true');
    expect(textBox().value).toBe('');
  });

  it('accepts at most 5 files and refuses too large ones', async () => {
    renderInput({ id: 110 });
    const input = screen.getByTestId('message-file-input') as HTMLInputElement;
    const files = Array.from({ length: 6 }, (_, i) => new File(['x'], `f${i}.txt`, { type: 'text/plain' }));
    fireEvent.change(input, { target: { files } });
    expect(screen.getAllByTestId('attachment-item')).toHaveLength(5);
    await screen.findByText('Hasta 5 archivos por mensaje');
    fireEvent.click(screen.getAllByTestId('attachment-remove')[0]);
    const big = new File(['x'], 'enorme.jpg', { type: 'image/jpeg' });
    Object.defineProperty(big, 'size', { value: 17 * 1024 * 1024 });
    fireEvent.change(input, { target: { files: [big] } });
    await screen.findByText('enorme.jpg supera el tamaño permitido (16 MB)');
    expect(screen.getAllByTestId('attachment-item')).toHaveLength(4);
  });

  it('inserts emoji at the caret', async () => {
    renderInput({ id: 111 });
    type('hola mundo');
    textBox().setSelectionRange(4, 4);
    fireEvent.click(screen.getByTestId('emoji-button'));
    fireEvent.click((await screen.findAllByTestId('emoji-option'))[0]);
    expect(textBox().value).toBe('hola😀 mundo');
  });

  describe('voice notes', () => {
    let recorded: Blob;
    class FakeRecorder {
      static isTypeSupported = (t: string) => t === 'audio/webm;codecs=opus';
      state = 'inactive';
      mimeType: string;
      ondataavailable: ((e: { data: Blob }) => void) | null = null;
      onstop: (() => void) | null = null;
      constructor(_s: unknown, opts: { mimeType?: string; audioBitsPerSecond?: number }) {
        this.mimeType = opts.mimeType ?? '';
        options.push(opts);
      }
      start() {
        this.state = 'recording';
      }
      stop() {
        this.state = 'inactive';
        this.ondataavailable?.({ data: recorded });
        this.onstop?.();
      }
    }
    const options: unknown[] = [];
    const track = { stop: vi.fn() };

    beforeEach(() => {
      options.length = 0;
      vi.stubGlobal('MediaRecorder', FakeRecorder);
      Object.defineProperty(navigator, 'mediaDevices', {
        configurable: true,
        value: { getUserMedia: vi.fn(async () => ({ getTracks: () => [track] })) },
      });
    });
    afterEach(() => vi.unstubAllGlobals());

    it('records Opus at 128 kbps, sends it as a file and drops recordings under 10000 bytes', async () => {
      post.mockResolvedValue(message(70) as never);
      renderInput({ id: 112 });
      recorded = new Blob([new Uint8Array(9_999)], { type: 'audio/webm;codecs=opus' });
      fireEvent.click(screen.getByTestId('audio-record'));
      await screen.findByTestId('audio-recording');
      expect(options).toEqual([{ mimeType: 'audio/webm;codecs=opus', audioBitsPerSecond: 128_000 }]);
      fireEvent.click(screen.getByTestId('audio-send'));
      await screen.findByText('Audio demasiado corto: descartado');
      expect(post).not.toHaveBeenCalled();
      expect(track.stop).toHaveBeenCalled();

      recorded = new Blob([new Uint8Array(12_000)], { type: 'audio/webm;codecs=opus' });
      fireEvent.click(await screen.findByTestId('audio-record'));
      await screen.findByTestId('audio-recording');
      fireEvent.click(screen.getByTestId('audio-send'));
      await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
      const [path, form] = post.mock.calls[0] as [string, FormData];
      expect(path).toBe('/messages/112');
      const file = form.get('medias') as File;
      expect(file.name).toMatch(/^audio-\d+\.webm$/);
      expect(file.size).toBe(12_000);
      expect(form.get('sign')).toBe('false');
    });

    it('only logs a microphone failure', async () => {
      const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      Object.defineProperty(navigator, 'mediaDevices', {
        configurable: true,
        value: { getUserMedia: vi.fn(async () => Promise.reject(new Error('NotAllowedError'))) },
      });
      renderInput({ id: 113 });
      fireEvent.click(screen.getByTestId('audio-record'));
      await waitFor(() => expect(logged).toHaveBeenCalledWith('microphone unavailable', expect.any(Error)));
      expect(screen.queryByTestId('audio-recording')).toBeNull();
      expect(document.querySelector('.ant-message-notice')).toBeNull();
      await act(async () => undefined);
    });
  });
});
