import { pino } from 'pino';
import type { BaileysLogger } from './socket.js';

const LEVELS = { error: 'error', warn: 'warn', log: 'info', debug: 'debug', verbose: 'trace' } as const;

/**
 * The channel's logger (issue 10 item 4): JSON lines on stdout, at the kernel's LOG_LEVEL (info by
 * default), so skipped messages, key-store failures and terminal disconnects leave a trace with the
 * connection and company ids; Baileys' own logger is a child kept at warn.
 */
export function channelLogger(level: keyof typeof LEVELS, destination?: NodeJS.WritableStream): BaileysLogger {
  return pino({ level: LEVELS[level], base: { service: 'channels' } }, destination ?? process.stdout) as unknown as BaileysLogger;
}
