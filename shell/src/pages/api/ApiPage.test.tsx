// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { SessionUser } from '@atende/core-contract';

vi.mock('@atende/sdk-web', async (importOriginal) => {
  const real = await importOriginal<typeof import('@atende/sdk-web')>();
  Object.assign(real.api, { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() });
  return real;
});
const { api } = await import('@atende/sdk-web');
const { ApiPage } = await import('./ApiPage.js');
const { connection, fakeSocket, wrap } = await import('../connections/testing.js');
const { signedInAs } = await import('../../testing.js');

const get = vi.mocked(api.get);
const post = vi.mocked(api.post);
const TOKEN = 'a'.repeat(64);
const company = (useExternalApi: boolean) => ({ id: 1, name: 'Tienda', planFlags: { useExternalApi } }) as unknown as SessionUser['company'];

function renderAt() {
  render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <App>
        <MemoryRouter initialEntries={['/external-api']}>
          <Routes>
            <Route path="/" element={<div data-testid="home" />} />
            <Route path="/external-api" element={<ApiPage />} />
          </Routes>
        </MemoryRouter>
      </App>
    </ConfigProvider>,
  );
}

describe('API page (issue 34 item 1)', { timeout: 30_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.resetAllMocks();
  });

  it('shows the connection token with copyable examples, and rotates it after a confirmation', async () => {
    await signedInAs({ profile: 'admin', company: company(true) });
    fakeSocket();
    const c = connection({ id: 7, name: 'Principal', isDefault: true, token: TOKEN });
    get.mockImplementation(async (path: string) => (path === '/whatsapp' ? [c] : undefined) as never);
    render(wrap(<ApiPage />));
    expect((await screen.findByTestId('api-token')).textContent).toContain(TOKEN);
    expect(screen.getByTestId('api-example-text').textContent).toContain(`Authorization: Bearer ${TOKEN}`);
    expect(screen.getByTestId('api-example-text').textContent).toContain('/api/messages/send');
    const rotated = { ...c, token: 'b'.repeat(64) };
    post.mockResolvedValueOnce(rotated as never);
    fireEvent.click(screen.getByTestId('api-rotate'));
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() => expect(screen.getByTestId('api-token').textContent).toContain('b'.repeat(64)));
    expect(post).toHaveBeenCalledWith('/whatsapp/7/token', {});
  });

  it('without plan flag useExternalApi: the unauthorized toast, then home after 1 s', async () => {
    await signedInAs({ profile: 'admin', company: company(false) });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderAt();
      expect(await screen.findByText(/No autorizado/)).toBeTruthy();
      expect(get).not.toHaveBeenCalled();
      await act(async () => {
        vi.advanceTimersByTime(1000);
      });
      expect(screen.getByTestId('home')).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });
});
