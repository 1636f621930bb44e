// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, cleanup } from '@testing-library/react';
import type { Connection, UserDto } from '@atende/core-contract';

vi.mock('@atende/sdk-web', async (importOriginal) => {
  const real = await importOriginal<typeof import('@atende/sdk-web')>();
  // The kit inside the SDK calls the same `api` object: its methods are replaced in place.
  Object.assign(real.api, { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() });
  return real;
});
const { api } = await import('@atende/sdk-web');
const { UserModal } = await import('./UserModal.js');
const { signedInAs, wrap } = await import('../../testing.js');

const get = vi.mocked(api.get);
const put = vi.mocked(api.put);

const agent: UserDto = {
  id: 7,
  name: 'Beto Soporte',
  email: 'beto@demo.test',
  profile: 'user',
  super: false,
  enabled: true,
  allTicket: 'desabled',
  whatsappId: 5,
  queues: [],
  language: null,
  online: false,
  lastSeenAt: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  companyId: 2,
};
const line = { id: 5, name: 'Línea ventas' } as Connection;

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('user modal: default connection', () => {
  it('admins see the company connections and can clear the default one', async () => {
    await signedInAs({ profile: 'admin' });
    get.mockResolvedValue([line]);
    put.mockImplementation(async (_path, body) => ({ ...agent, ...(body as object) }));
    render(wrap(<UserModal editing={agent} queues={[]} onClose={() => undefined} onSaved={() => undefined} />));
    await waitFor(() => expect(screen.getByTestId('user-whatsapp').textContent).toContain('Línea ventas'));
    expect(get).toHaveBeenCalledWith('/whatsapp');
    // Choosing "none" clears it.
    fireEvent.mouseDown(screen.getByTestId('user-whatsapp').querySelector('.ant-select-selector') ?? screen.getByTestId('user-whatsapp'));
    fireEvent.click(await screen.findByTitle('Ninguna (la predeterminada de la empresa)'));
    fireEvent.click(screen.getByTestId('user-save'));
    await waitFor(() => expect(put).toHaveBeenCalled());
    expect(put.mock.calls[0][1]).toMatchObject({ whatsappId: null });
  });

  it('without the right to edit profiles the field is hidden and the value kept', async () => {
    await signedInAs({ id: 7, profile: 'user' });
    put.mockImplementation(async (_path, body) => ({ ...agent, ...(body as object) }));
    render(wrap(<UserModal editing={agent} queues={[]} onClose={() => undefined} onSaved={() => undefined} />));
    await screen.findByTestId('user-name');
    expect(screen.queryByTestId('user-whatsapp')).toBeNull();
    expect(get).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('user-save'));
    await waitFor(() => expect(put).toHaveBeenCalled());
    expect(put.mock.calls[0][1]).toMatchObject({ whatsappId: 5 });
  });
});

describe('user modal: own password or e-mail (issue 9 item 7)', () => {
  it('editing oneself asks for the current password when the password changes, and sends it', async () => {
    await signedInAs({ id: 7, profile: 'user' });
    put.mockImplementation(async (_path, body) => ({ ...agent, ...(body as object) }));
    render(wrap(<UserModal editing={agent} queues={[]} onClose={() => undefined} onSaved={() => undefined} />));
    const current = await screen.findByTestId('user-current-password');
    fireEvent.change(screen.getByTestId('user-password'), { target: { value: 'Nuev4-clave' } });
    fireEvent.click(screen.getByTestId('user-save'));
    await waitFor(() => expect(document.querySelector('.ant-form-item-has-error [data-testid="user-current-password"]')).not.toBeNull());
    expect(put).not.toHaveBeenCalled();
    fireEvent.change(current, { target: { value: 'Actual-1234' } });
    fireEvent.click(screen.getByTestId('user-save'));
    await waitFor(() => expect(put).toHaveBeenCalled());
    expect(put.mock.calls[0][1]).toMatchObject({ password: 'Nuev4-clave', currentPassword: 'Actual-1234' });
  });

  it('an admin editing someone else is not asked for it', async () => {
    await signedInAs({ id: 1, profile: 'admin' });
    get.mockResolvedValue([line]);
    render(wrap(<UserModal editing={agent} queues={[]} onClose={() => undefined} onSaved={() => undefined} />));
    await screen.findByTestId('user-name');
    expect(screen.queryByTestId('user-current-password')).toBeNull();
  });
});
