import { describe, expect, it } from 'vitest';
import { runWithLogContext } from '@atende/sdk-server';
import { configureLogging, PinoNestLogger } from './logger.js';
import { formatPretty } from './pretty.js';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const pino = configureLogging({ level: 'log', format: 'json', destination: { write: (l: string) => void lines.push(JSON.parse(l)) } });
  return { lines, nest: new PinoNestLogger(pino) };
}

describe('kernel logger', () => {
  it('writes JSON with Nest context, and the request id, company and user of the current context', () => {
    const { lines, nest } = capture();
    runWithLogContext({ requestId: 'req-12345678', companyId: 3, userId: 9 }, () => nest.log('Ticket 5 accepted', 'Tickets'));
    nest.warn('outside any request', 'Sessions');
    expect(lines[0]).toMatchObject({ level: 'info', msg: 'Ticket 5 accepted', context: 'Tickets', requestId: 'req-12345678', companyId: 3, userId: 9 });
    expect(lines[1]).toMatchObject({ level: 'warn', msg: 'outside any request', context: 'Sessions' });
    expect(lines[1]).not.toHaveProperty('requestId');
  });

  it('redacts secrets in the text and body fields in objects before they are written', () => {
    const { lines, nest } = capture();
    nest.log('login with password=hunter22', 'Auth');
    nest.log({ msg: 'stored', messageId: 4, body: 'hola, mi DNI es 123' }, 'Inbound');
    expect(JSON.stringify(lines)).not.toContain('hunter22');
    expect(JSON.stringify(lines)).not.toContain('DNI');
    expect(lines[1]).toMatchObject({ messageId: 4, body: '[redacted]' });
  });

  it("a child logger's bindings are redacted like the fields", () => {
    const lines: Record<string, unknown>[] = [];
    const pino = configureLogging({ level: 'log', format: 'json', destination: { write: (l: string) => void lines.push(JSON.parse(l)) } });
    pino.child({ session: 3, pairingCode: 'ZXCV-9876', creds: { me: 'x' } }).info('linking');
    expect(JSON.stringify(lines)).not.toContain('ZXCV-9876');
    expect(lines[0]).toMatchObject({ session: 3, pairingCode: '[redacted]', creds: '[redacted]', msg: 'linking' });
  });

  it('errors keep their stack as a field', () => {
    const { lines, nest } = capture();
    nest.error('Boom', 'Error: Boom\n    at x.ts:1', 'Jobs');
    expect(lines[0]).toMatchObject({ level: 'error', msg: 'Boom', context: 'Jobs', stack: 'Error: Boom\n    at x.ts:1' });
  });

  it('levels below LOG_LEVEL are dropped', () => {
    const { lines, nest } = capture();
    nest.debug('noise', 'X');
    nest.verbose('more noise', 'X');
    expect(lines).toEqual([]);
  });

  it('pretty lines show time, level, context, message and ids', () => {
    const line = JSON.stringify({ level: 'info', time: '2026-11-27T14:00:00.123Z', pid: 1, context: 'HTTP', msg: 'GET /api/tickets 200', requestId: 'abcdef1234', companyId: 2, route: '/api/tickets' });
    expect(formatPretty(line, false)).toBe('14:00:00.123 INFO  [HTTP] GET /api/tickets 200 (req=abcdef12 company=2) {"route":"/api/tickets"}\n');
  });
});
