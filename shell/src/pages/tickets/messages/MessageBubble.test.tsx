// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';

const { MessageBubble } = await import('./MessageBubble.js');
const { message, setUpShell, wrap } = await import('./testing.js');

const noop = () => undefined;
const bubble = (over: Parameters<typeof message>[1]) => (
  <MessageBubble message={message(1, over)} contactName="Grupo Ventas" canReply={false} canDelete={false} canEdit={false} onReply={noop} onEdit={noop} onDelete={noop} />
);

afterEach(cleanup);

describe('message bubble: where a message came from (issue 9 items 10, 20, 21)', () => {
  it('a group message shows who wrote it above the bubble; our own does not', async () => {
    await setUpShell();
    render(wrap(bubble({ participant: { number: '51911122233', name: 'Beto' } })));
    expect(screen.getByTestId('message-participant').textContent).toBe('Beto');
    cleanup();
    render(wrap(bubble({ participant: { number: '51911122233', name: null } })));
    expect(screen.getByTestId('message-participant').textContent).toBe('+51911122233');
    cleanup();
    render(wrap(bubble({ fromMe: true })));
    expect(screen.queryByTestId('message-participant')).toBeNull();
  });

  it('a sandbox message is marked as simulated; a real one is not', async () => {
    await setUpShell();
    render(wrap(bubble({ simulated: true })));
    expect(screen.getByTestId('message-simulated').textContent).toBe('Simulado');
    cleanup();
    render(wrap(bubble({})));
    expect(screen.queryByTestId('message-simulated')).toBeNull();
  });

  it('a kind Atende cannot show says so instead of an empty bubble (issue 10 item 8)', async () => {
    await setUpShell();
    render(wrap(bubble({ mediaType: 'unsupported', body: '' })));
    expect(screen.getByTestId('message-unsupported').textContent).toContain('véalo en el teléfono');
  });

  it('a customer’s quoted reply shows the quote', async () => {
    await setUpShell();
    render(wrap(bubble({ quotedMsgId: 9, quotedMsg: { id: 9, body: '¿Tienen envío?', fromMe: true, mediaType: 'chat' } })));
    expect(screen.getByTestId('message-quote').textContent).toContain('¿Tienen envío?');
  });
});
