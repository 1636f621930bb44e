// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ContactDto } from '@atende/core-contract';

vi.mock('@atende/sdk-web', async (importOriginal) => {
  const real = await importOriginal<typeof import('@atende/sdk-web')>();
  // The kit inside the SDK calls the same `api` object: its methods are replaced in place.
  Object.assign(real.api, { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() });
  return real;
});
const { api, ApiError } = await import('@atende/sdk-web');
const { ContactModal } = await import('./ContactModal.js');
const { setUpShell, wrap } = await import('../connections/testing.js');

const get = vi.mocked(api.get);
const post = vi.mocked(api.post);
const put = vi.mocked(api.put);

const contact = (over: Partial<ContactDto> = {}): ContactDto => ({
  id: 7,
  uuid: 'c-7',
  name: 'Lucía Ramos',
  number: '51987654321',
  email: 'lucia@demo.test',
  profilePicUrl: '',
  isGroup: false,
  whatsappId: null,
  extraInfo: [],
  createdAt: '2026-11-23T10:00:00.000Z',
  ...over,
});

const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
const type = (testId: string, value: string) => fireEvent.change(input(testId), { target: { value } });

describe('ContactModal', () => {
  beforeAll(() => setUpShell('user'));
  afterEach(() => {
    cleanup();
    vi.resetAllMocks();
  });

  it('refuses a short name, a number under 8 digits and a bad e-mail without calling the server', async () => {
    render(wrap(<ContactModal open onClose={() => {}} onSaved={() => {}} />));
    type('contact-name', 'A');
    // Non-digits do not count: "12-34 56" is 6 digits.
    type('contact-number', '12-34 56');
    type('contact-email', 'not-an-email');
    fireEvent.click(screen.getByTestId('contact-save'));
    await screen.findByText('Demasiado corto');
    await screen.findByText('El teléfono debe tener al menos 8 dígitos');
    await screen.findByText('Correo electrónico inválido');
    expect(post).not.toHaveBeenCalled();

    // Required name; 51 characters cannot be typed (maxLength), 50 digits pass.
    type('contact-name', '');
    type('contact-number', '1'.repeat(51));
    fireEvent.click(screen.getByTestId('contact-save'));
    await screen.findByText('Obligatorio');
    await screen.findByText('El teléfono tiene demasiados dígitos');
    expect(post).not.toHaveBeenCalled();
  });

  it('creates with the prefill, an empty e-mail and the extra info added (blank rows dropped, removed rows gone)', async () => {
    const onSaved = vi.fn();
    post.mockImplementation(async (_p: string, body: unknown) => contact({ id: 9, ...(body as object) }) as never);
    render(wrap(<ContactModal open initialValues={{ name: 'Pedro', number: '+51 999 888 777' }} onClose={() => {}} onSaved={onSaved} />));
    await waitFor(() => expect(input('contact-name').value).toBe('Pedro'));
    expect(input('contact-number').value).toBe('+51 999 888 777');

    fireEvent.click(screen.getByTestId('contact-extra-add'));
    fireEvent.click(screen.getByTestId('contact-extra-add'));
    fireEvent.click(screen.getByTestId('contact-extra-add'));
    type('contact-extra-name-0', 'CPF');
    type('contact-extra-value-0', '123');
    type('contact-extra-name-1', 'Ciudad');
    type('contact-extra-value-1', 'Lima');
    // Row 2 stays blank; then row 0 is removed.
    fireEvent.click(screen.getByTestId('contact-extra-remove-0'));
    await waitFor(() => expect(input('contact-extra-name-0').value).toBe('Ciudad'));

    fireEvent.click(screen.getByTestId('contact-save'));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(post.mock.calls[0]).toEqual([
      '/contacts',
      { name: 'Pedro', number: '+51 999 888 777', email: '', extraInfo: [{ name: 'Ciudad', value: 'Lima' }] },
    ]);
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 9 })));
  });

  it('an extra-info value needs a name', async () => {
    render(wrap(<ContactModal open onClose={() => {}} onSaved={() => {}} />));
    type('contact-name', 'Pedro');
    type('contact-number', '51999888777');
    fireEvent.click(screen.getByTestId('contact-extra-add'));
    type('contact-extra-value-0', 'sin nombre');
    fireEvent.click(screen.getByTestId('contact-save'));
    await screen.findByText('Obligatorio');
    expect(post).not.toHaveBeenCalled();
  });

  it('edits a loaded contact and keeps everything typed when the number is duplicated', async () => {
    get.mockResolvedValue(contact({ extraInfo: [{ name: 'CPF', value: '1' }] }) as never);
    put.mockRejectedValue(new ApiError(409, 'ERR_DUPLICATED_CONTACT', 'dup'));
    const onSaved = vi.fn();
    render(wrap(<ContactModal open contactId={7} onClose={() => {}} onSaved={onSaved} />));
    await waitFor(() => expect(input('contact-name').value).toBe('Lucía Ramos'));
    expect(get).toHaveBeenCalledWith('/contacts/7');
    expect(input('contact-extra-name-0').value).toBe('CPF');

    type('contact-name', 'Lucía R.');
    type('contact-number', '51911111111');
    fireEvent.click(screen.getByTestId('contact-save'));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    expect(put.mock.calls[0]![0]).toBe('/contacts/7');
    // Shown on the number field (and in the toast); nothing typed is lost.
    expect((await screen.findAllByText('Ya existe un contacto con este número.')).length).toBeGreaterThan(0);
    expect(input('contact-name').value).toBe('Lucía R.');
    expect(input('contact-number').value).toBe('51911111111');
    expect(input('contact-extra-value-0').value).toBe('1');
    expect(onSaved).not.toHaveBeenCalled();
  });
});
