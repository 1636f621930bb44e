// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import type { ReactNode } from 'react';

vi.mock('@atende/sdk-web', async (importOriginal) => {
  const real = await importOriginal<typeof import('@atende/sdk-web')>();
  Object.assign(real.api, { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() });
  return real;
});
const { api, initI18n, registerLocales } = await import('@atende/sdk-web');
const { NodeEditor } = await import('./NodeEditor.js');
const { locales } = await import('../locales.js');

const get = vi.mocked(api.get);
const wrap = (children: ReactNode) => (
  <ConfigProvider theme={{ token: { motion: false } }}>
    <App>{children}</App>
  </ConfigProvider>
);
const ok = () => fireEvent.click(screen.getByTestId('editor-ok'));
const error = () => screen.findByTestId('editor-error');

beforeAll(async () => {
  configure({ asyncUtilTimeout: 5000 });
  await initI18n({ es: {}, pt: {}, en: {} });
  registerLocales('flowbuilder', locales);
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('step editors: create and edit modes, and the §5 messages', () => {
  it('a tag step in create mode: "Agregar", and refused without a tag to add or remove', async () => {
    get.mockResolvedValue([{ id: 4, name: 'VIP', color: '#f00' }]);
    const onSubmit = vi.fn();
    render(wrap(<NodeEditor type="tags" onSubmit={onSubmit} onClose={() => undefined} />));
    expect(await screen.findByText('Agregar Etiqueta')).toBeTruthy();
    expect(screen.getByTestId('editor-ok').textContent).toContain('Agregar');
    ok();
    expect((await error()).textContent).toContain('Seleccione al menos una etiqueta para agregar o quitar');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(get).toHaveBeenCalledWith('/tags/list');
  });

  it('a message step in edit mode: "Guardar"; an empty text is refused, a text is saved', async () => {
    const onSubmit = vi.fn();
    render(wrap(<NodeEditor type="message" initial={{ label: 'Hola' }} onSubmit={onSubmit} onClose={() => undefined} />));
    expect(await screen.findByText('Editar Mensaje')).toBeTruthy();
    expect(screen.getByTestId('editor-ok').textContent).toContain('Guardar');
    fireEvent.change(screen.getByTestId('editor-message'), { target: { value: '   ' } });
    ok();
    expect((await error()).textContent).toContain('Campos de mensagem vazio!');
    fireEvent.change(screen.getByTestId('editor-message'), { target: { value: 'Hola {{nombre}}' } });
    ok();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ label: 'Hola {{nombre}}' }, {}));
  });

  it('a Google Sheets step says Configurar and asks for an integration first', async () => {
    get.mockResolvedValue({ integrations: [] });
    const onSubmit = vi.fn();
    render(wrap(<NodeEditor type="googlesheets" onSubmit={onSubmit} onClose={() => undefined} />));
    expect((await screen.findByTestId('editor-ok')).textContent).toContain('Configurar');
    ok();
    expect((await error()).textContent).toContain('Selecciona una integración de Google Sheets');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('a content block refuses an interval of 0 and saves ordered elements with seq', async () => {
    const onSubmit = vi.fn();
    render(wrap(<NodeEditor type="singleBlock" onSubmit={onSubmit} onClose={() => undefined} />));
    fireEvent.change(await screen.findByTestId('block-text-0'), { target: { value: 'Bienvenido' } });
    fireEvent.click(screen.getByTestId('block-add-interval'));
    const interval = screen.getByTestId('block-interval-1').querySelector('input') ?? screen.getByTestId('block-interval-1');
    fireEvent.change(interval, { target: { value: '0' } });
    fireEvent.blur(interval);
    ok();
    expect((await error()).textContent).toContain('Intervalo não pode ser 0 ou maior que 120!');
    fireEvent.change(interval, { target: { value: '3' } });
    fireEvent.blur(interval);
    // Move the interval above the text.
    fireEvent.click(screen.getByTestId('block-up-1'));
    ok();
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toEqual({
      seq: ['interval1', 'message0'],
      elements: [
        { number: 'interval1', type: 'interval', value: 3 },
        { number: 'message0', type: 'message', value: 'Bienvenido' },
      ],
    });
  });

  it('a notification step asks for the connection, then the number, then the message', async () => {
    get.mockResolvedValue([{ id: 9, name: 'Ventas', status: 'CONNECTED' }]);
    render(wrap(<NodeEditor type="notification" onSubmit={() => undefined} onClose={() => undefined} />));
    ok();
    expect((await error()).textContent).toContain('Por favor selecciona una conexión');
  });

  it('a follow-up step keeps minutes within 1 to 9999 and saves sec as the first time', async () => {
    const onSubmit = vi.fn();
    render(wrap(<NodeEditor type="followUp" onSubmit={onSubmit} onClose={() => undefined} />));
    const minutes = (await screen.findByTestId('followup-minutes-0')).querySelector('input') ?? screen.getByTestId('followup-minutes-0');
    fireEvent.change(screen.getByTestId('followup-text-0-0'), { target: { value: 'Hola' } });
    fireEvent.change(minutes, { target: { value: '10000' } });
    fireEvent.blur(minutes);
    await waitFor(() => expect((minutes as HTMLInputElement).value).toBe('9999'));
    ok();
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    const data = onSubmit.mock.calls[0][0] as { sec: number; intervalTimes: { minutes: number; content: { type: string; value: string }[] }[] };
    expect(data.sec).toBe(9999);
    expect(data.intervalTimes[0]).toMatchObject({ minutes: 9999, content: [{ type: 'text', value: 'Hola' }] });
  });
});

describe('the steps issue 38 adds to the menu: question, condition, transfer to queue', () => {
  it('a question needs its text and a variable name, and saves the trimmed name', async () => {
    const onSubmit = vi.fn();
    render(wrap(<NodeEditor type="question" onSubmit={onSubmit} onClose={() => undefined} />));
    expect(await screen.findByText('Agregar Pregunta')).toBeTruthy();
    ok();
    expect((await error()).textContent).toContain('El mensaje es obligatorio');
    fireEvent.change(screen.getByTestId('editor-question-message'), { target: { value: '¿Ventas o soporte?' } });
    fireEvent.change(screen.getByTestId('editor-answer-key'), { target: { value: '1area' } });
    ok();
    expect((await error()).textContent).toContain('Solo letras, números y _');
    fireEvent.change(screen.getByTestId('editor-answer-key'), { target: { value: ' area ' } });
    ok();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ message: '¿Ventas o soporte?', answerKey: 'area' }, {}));
  });

  it('a condition needs a variable and a value; operators are named in words', async () => {
    const onSubmit = vi.fn();
    render(wrap(<NodeEditor type="condition" onSubmit={onSubmit} onClose={() => undefined} />));
    expect(await screen.findByText('Agregar Condición')).toBeTruthy();
    expect(screen.getByText('es igual a')).toBeTruthy();
    ok();
    expect((await error()).textContent).toContain('La variable es obligatoria');
    fireEvent.change(screen.getByTestId('editor-condition-key'), { target: { value: 'area ' } });
    fireEvent.change(screen.getByTestId('editor-condition-value'), { target: { value: 'ventas' } });
    ok();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ key: 'area', condition: '==', value: 'ventas' }, {}));
  });

  it('a transfer needs a queue and tells the customer by default, in the editor’s language; the message can be turned off', async () => {
    get.mockImplementation(async (url: string) => (url === '/queue/names' || url.startsWith('/queue') ? [{ id: 3, name: 'Ventas' }] : []) as never);
    const onSubmit = vi.fn();
    render(wrap(<NodeEditor type="ticket" onSubmit={onSubmit} onClose={() => undefined} />));
    expect(await screen.findByText('Agregar Transferir a una cola')).toBeTruthy();
    const text = screen.getByTestId('editor-transfer-message') as HTMLTextAreaElement;
    expect(text.value).toBe('Te estamos transfiriendo a {{queue}}. Un agente te atenderá en breve.');
    ok();
    expect((await error()).textContent).toContain('Elige una cola');
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('editor-transfer-notify'));
    expect(screen.queryByTestId('editor-transfer-message')).toBeNull();
    fireEvent.click(screen.getByTestId('editor-transfer-notify'));
    expect((screen.getByTestId('editor-transfer-message') as HTMLTextAreaElement).value).toContain('{{queue}}');
  });

  it('a transfer edited with its message turned off saves an empty message (the customer is told nothing)', async () => {
    get.mockResolvedValue([{ id: 3, name: 'Ventas' }]);
    const onSubmit = vi.fn();
    render(wrap(<NodeEditor type="ticket" initial={{ queueId: 3, name: 'Ventas', message: 'Te paso con {{queue}}' }} onSubmit={onSubmit} onClose={() => undefined} />));
    fireEvent.click(await screen.findByTestId('editor-transfer-notify'));
    ok();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ queueId: 3, name: 'Ventas', message: '' }, {}));
  });

  it('a type no plugin registered an editor for says so instead of an empty dialog', async () => {
    render(wrap(<NodeEditor type="crm" onSubmit={() => undefined} onClose={() => undefined} />));
    expect((await screen.findByTestId('editor-missing')).textContent).toContain('crm');
  });
});

describe('what another plugin serves is asked for only when it is installed (issue 38 item 5)', () => {
  it('a Google Sheets step without the integrations plugin says so and never calls /queueIntegration; with it, lists its integrations', async () => {
    const { sessionEnded } = await import('@atende/sdk-web');
    sessionEnded();
    get.mockImplementation(async (url: string) => (url === '/plugins' ? [{ id: 'kanban', locked: false }] : { integrations: [] }) as never);
    render(wrap(<NodeEditor type="googlesheets" onSubmit={() => undefined} onClose={() => undefined} />));
    expect((await screen.findByTestId('editor-sheets-missing')).textContent).toContain('no está instalado');
    expect(get.mock.calls.map((c) => c[0])).toEqual(['/plugins']);
    cleanup();

    sessionEnded();
    get.mockImplementation(async (url: string) => (url === '/plugins' ? [{ id: 'integrations', locked: false }] : { integrations: [{ id: 5, name: 'Hoja ventas', type: 'googlesheets-auth' }] }) as never);
    render(wrap(<NodeEditor type="googlesheets" onSubmit={() => undefined} onClose={() => undefined} />));
    await waitFor(() => expect(get).toHaveBeenCalledWith('/queueIntegration', { query: { type: 'googlesheets' } }));
    expect(screen.queryByTestId('editor-sheets-missing')).toBeNull();
  });
});
