// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { PLAN_REFUSAL_MS, PlanRefusal } from './PlanRefusal.js';
import { signedInAs } from '../testing.js';

function Where() {
  return <span data-testid="where">{useLocation().pathname}</span>;
}

function renderAt(entries: string[]) {
  render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <App>
        <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
          <Where />
          <Routes>
            <Route path="/kanban" element={<PlanRefusal />} />
            <Route path="*" element={null} />
          </Routes>
        </MemoryRouter>
      </App>
    </ConfigProvider>,
  );
}

describe('a plugin page the plan lacks (issue 12 item 3, core-operations §6)', () => {
  beforeAll(() => signedInAs({ profile: 'admin' }));
  afterEach(cleanup);

  it('says "no permission" and returns to the previous page after 1 s', async () => {
    renderAt(['/tickets', '/kanban']);
    expect(screen.getByTestId('plan-refusal').textContent).toContain('No tiene permiso');
    // Why, and who can change it: the admin signed in here can (issue 36 item 8).
    expect(screen.getByTestId('plan-refusal-why').textContent).toBe('Esta página no está incluida en el plan de su empresa. Como administrador, puede cambiar el plan en la sección de facturación.');
    await new Promise((r) => setTimeout(r, PLAN_REFUSAL_MS / 2));
    expect(screen.getByTestId('where').textContent).toBe('/kanban');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/tickets'), { timeout: 2000 });
  });

  it('tells a user who is not an admin to ask one', async () => {
    await signedInAs({ profile: 'user' });
    renderAt(['/tickets', '/kanban']);
    expect(screen.getByTestId('plan-refusal-why').textContent).toContain('Pida a un administrador de su empresa que cambie el plan.');
    await signedInAs({ profile: 'admin' });
  });

  it('opened directly (nothing to go back to), it goes home', async () => {
    renderAt(['/kanban']);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/'), { timeout: 2000 });
  });
});
