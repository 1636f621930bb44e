// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, cleanup } from '@testing-library/react';

vi.mock('@atende/sdk-web', async (importOriginal) => {
  const real = await importOriginal<typeof import('@atende/sdk-web')>();
  // The kit inside the SDK calls the same `api` object: its methods are replaced in place.
  Object.assign(real.api, { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() });
  return real;
});
const { api, $user } = await import('@atende/sdk-web');
const { ProfileModal } = await import('./ProfileModal.js');
const { signedInAs, wrap } = await import('../testing.js');

const put = vi.mocked(api.put);
const del = vi.mocked(api.delete);

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const me = { id: 7, name: 'Beto', email: 'beto@demo.test' };
const echo = async (_path: string, body: unknown) => ({ ...me, companyId: 1, ...(body as object) });
const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('profile dialog (issue 27 item 18)', () => {
  it('a name change needs no current password and updates the signed-in user', async () => {
    await signedInAs({ ...me, profile: 'user' });
    put.mockImplementation(echo as never);
    const onClose = vi.fn();
    render(wrap(<ProfileModal open onClose={onClose} />));
    await waitFor(() => expect((screen.getByTestId('profile-name') as HTMLInputElement).value).toBe('Beto'));
    type('profile-name', 'Beto Nuevo');
    fireEvent.click(screen.getByTestId('profile-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(put).toHaveBeenCalledWith('/users/7', { name: 'Beto Nuevo' });
    expect($user.getState()?.name).toBe('Beto Nuevo');
  });

  it('a new password asks for the current one, sends both, then signs out', async () => {
    await signedInAs({ ...me, profile: 'user' });
    put.mockImplementation(echo as never);
    del.mockResolvedValue(undefined as never);
    render(wrap(<ProfileModal open onClose={() => undefined} />));
    await screen.findByTestId('profile-password');
    type('profile-password', 'Nuev4-clave');
    fireEvent.click(screen.getByTestId('profile-save'));
    await waitFor(() => expect(document.querySelector('.ant-form-item-has-error [data-testid="profile-current-password"]')).not.toBeNull());
    expect(put).not.toHaveBeenCalled();
    type('profile-current-password', 'Actual-1234');
    fireEvent.click(screen.getByTestId('profile-save'));
    await waitFor(() => expect(put).toHaveBeenCalled());
    expect(put.mock.calls[0][1]).toEqual({ name: 'Beto', password: 'Nuev4-clave', currentPassword: 'Actual-1234' });
    await waitFor(() => expect(del).toHaveBeenCalledWith('/auth/logout', expect.anything()));
  });

  it('a new e-mail asks for the current password too', async () => {
    await signedInAs({ ...me, profile: 'admin' });
    render(wrap(<ProfileModal open onClose={() => undefined} />));
    await screen.findByTestId('profile-email');
    type('profile-email', 'nuevo@demo.test');
    fireEvent.click(screen.getByTestId('profile-save'));
    await waitFor(() => expect(document.querySelector('.ant-form-item-has-error [data-testid="profile-current-password"]')).not.toBeNull());
    expect(put).not.toHaveBeenCalled();
  });
});
