import type { ReactNode } from 'react';
import { App, ConfigProvider } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { configure } from '@testing-library/react';
import type { SessionUser } from '@atende/core-contract';
import { initI18n, socketChanged, userUpdated } from '@atende/sdk-web';
import { CORE_ES } from './i18n/locales.js';
import { texts as CORE_PT } from './i18n/locales.pt.js';
import { texts as CORE_EN } from './i18n/locales.en.js';

/** The shell's component-test harness, shared by every area's tests (never imported by the app). */

/** Texts loaded and a signed-in user (id 1, Ana) with the given overrides. */
export async function signedInAs(over: Partial<SessionUser> = {}) {
  // antd dialogs render slowly in happy-dom, more so on a busy machine: wait up to 5 s for what a test expects.
  configure({ asyncUtilTimeout: 5000 });
  // The SDK's PagedTable loads antd's Table on first use; a cold import of it can take longer than that.
  await import('antd/es/table/index.js');
  // Every language at hand: tests switch languages without waiting for a chunk.
  await initI18n({ es: CORE_ES, pt: CORE_PT, en: CORE_EN });
  userUpdated({
    id: 1,
    name: 'Ana',
    email: 'ana@demo.test',
    profile: 'user',
    super: false,
    language: 'es',
    allTicket: 'enabled',
    whatsappId: null,
    queues: [],
    companyId: 1,
    company: {} as SessionUser['company'],
    ...over,
  });
}

/** A stand-in socket: tests call `emit` as the server would. */
export function fakeSocket() {
  const handlers = new Map<string, Set<(p: unknown) => void>>();
  const socket = {
    on: (e: string, h: (p: unknown) => void) => void (handlers.get(e) ?? handlers.set(e, new Set()).get(e)!).add(h),
    off: (e: string, h: (p: unknown) => void) => void handlers.get(e)?.delete(h),
    emit: (e: string, p: unknown) => handlers.get(e)?.forEach((h) => h(p)),
  };
  socketChanged(socket as never);
  return socket;
}

export function wrap(children: ReactNode) {
  return (
    // Without motion, closed dialogs hide at once (happy-dom never ends CSS transitions).
    <ConfigProvider theme={{ token: { motion: false } }}>
      <App>
        <MemoryRouter>{children}</MemoryRouter>
      </App>
    </ConfigProvider>
  );
}
