// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, cleanup } from '@testing-library/react';
import type { Plan } from '@atende/core-contract';

vi.mock('@atende/sdk-web', async (importOriginal) => {
  const real = await importOriginal<typeof import('@atende/sdk-web')>();
  Object.assign(real.api, { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() });
  return real;
});
const { api } = await import('@atende/sdk-web');
const { PlanModal } = await import('./PlanModal.js');
const { signedInAs, wrap } = await import('../../testing.js');

const get = vi.mocked(api.get);
const put = vi.mocked(api.put);
const post = vi.mocked(api.post);

const FEATURES = [{ key: 'useMyThing', plugin: 'my-plugin', label: { es: 'Mi cosa', pt: 'Minha coisa', en: 'My thing' } }];
const plan: Plan = {
  id: 3, name: 'Pyme', value: 10, users: 5, connections: 1, queues: 2, offered: true, trialDays: 30,
  useCampaigns: true, useSchedules: true, useInternalChat: true, useExternalApi: true, useKanban: true, useOpenAi: true, useIntegrations: true,
  features: { useMyThing: false },
};

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('plan form: features declared by installed plugins (issue 29 item 3)', () => {
  it('lists them with their label after the spec\'s flags, shows the plan\'s value and sends them in features', async () => {
    await signedInAs({ profile: 'admin', super: true });
    get.mockResolvedValue(FEATURES);
    put.mockImplementation(async (_path, body) => ({ ...plan, ...(body as object) }));
    render(wrap(<PlanModal editing={plan} onClose={() => undefined} onSaved={() => undefined} />));
    const toggle = await screen.findByTestId('plan-flag-useMyThing');
    expect(get).toHaveBeenCalledWith('/plugins/plan-features');
    expect(screen.getByText('Mi cosa')).toBeTruthy();
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    // The dialog's body may render again once the features arrive: click the switch on screen now, and see it on.
    fireEvent.click(screen.getByTestId('plan-flag-useMyThing'));
    await waitFor(() => expect(screen.getByTestId('plan-flag-useMyThing').getAttribute('aria-checked')).toBe('true'));
    fireEvent.click(screen.getByTestId('plan-save'));
    await waitFor(() => expect(put).toHaveBeenCalled());
    expect(put.mock.calls[0][0]).toBe('/plans/3');
    expect(put.mock.calls[0][1]).toMatchObject({ useKanban: true, features: { useMyThing: true } });
  });

  it('keeps what was typed and switched before the features arrived: only untouched switches take their values', async () => {
    await signedInAs({ profile: 'admin', super: true });
    let arrive!: (list: typeof FEATURES) => void;
    get.mockImplementation(() => new Promise((r) => (arrive = r as never)) as never);
    put.mockImplementation(async (_path, body) => ({ ...plan, ...(body as object) }));
    render(wrap(<PlanModal editing={{ ...plan, features: { useMyThing: true } }} onClose={() => undefined} onSaved={() => undefined} />));
    fireEvent.change(await screen.findByTestId('plan-name'), { target: { value: 'Pyme plus' } });
    await waitFor(() => expect(get).toHaveBeenCalled());
    arrive([...FEATURES, { key: 'useOther', plugin: 'other', label: { es: 'Otra', pt: 'Outra', en: 'Other' } }]);
    await waitFor(() => expect(screen.getByTestId('plan-flag-useOther')).toBeTruthy());
    expect((screen.getByTestId('plan-name') as HTMLInputElement).value).toBe('Pyme plus');
    expect(screen.getByTestId('plan-flag-useMyThing').getAttribute('aria-checked')).toBe('true');
    expect(screen.getByTestId('plan-flag-useOther').getAttribute('aria-checked')).toBe('false');
    fireEvent.click(screen.getByTestId('plan-save'));
    await waitFor(() => expect(put).toHaveBeenCalled());
    expect(put.mock.calls[0][1]).toMatchObject({ name: 'Pyme plus', features: { useMyThing: true, useOther: false } });
  });

  it('starts a new plan with them on, as the spec\'s flags', async () => {
    await signedInAs({ profile: 'admin', super: true });
    get.mockResolvedValue(FEATURES);
    post.mockImplementation(async (_path, body) => ({ ...plan, id: 4, ...(body as object) }));
    render(wrap(<PlanModal editing="new" onClose={() => undefined} onSaved={() => undefined} />));
    await waitFor(() => expect(screen.getByTestId('plan-flag-useMyThing').getAttribute('aria-checked')).toBe('true'));
    fireEvent.change(screen.getByTestId('plan-name'), { target: { value: 'Nuevo' } });
    fireEvent.click(screen.getByTestId('plan-save'));
    await waitFor(() => expect(post).toHaveBeenCalled());
    expect(post.mock.calls[0][1]).toMatchObject({ name: 'Nuevo', features: { useMyThing: true } });
  });
});
