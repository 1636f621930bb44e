// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { signedInAs } from '../testing.js';

// The failure notice's own chunk does not load either (the network that failed the plugin).
vi.mock('./RemoteFailure.js', () => {
  throw new Error('chunk failed to load');
});
const { RemoteBoundary } = await import('./RemoteBoundary.js');

let throwing = true;
function Widget() {
  if (throwing) throw new Error('remote did not load');
  return <span data-testid="widget">ok</span>;
}

beforeAll(() => signedInAs());
afterEach(cleanup);

describe('RemoteBoundary', () => {
  it("shows a plain notice with retry when even the notice's chunk cannot load, instead of taking the shell down", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <RemoteBoundary pluginId="kanban">
        <Widget />
      </RemoteBoundary>,
    );
    expect(await screen.findByTestId('remote-error')).toBeTruthy();
    throwing = false;
    fireEvent.click(screen.getByRole('button'));
    expect(await screen.findByTestId('widget')).toBeTruthy();
  });
});
