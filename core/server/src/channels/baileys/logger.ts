import { pino } from 'pino';
import type { BaileysLogger } from './socket.js';
import { rootLogger } from '../../logging/logger.js';

const LEVELS = { error: 'error', warn: 'warn', log: 'info', debug: 'debug', verbose: 'trace' } as const;

/**
 * The channel's logger (issue 10 item 4): JSON lines on stdout, at the kernel's LOG_LEVEL (info by
 * default), so skipped messages, key-store failures and terminal disconnects leave a trace with the
 * connection and company ids; Baileys' own logger is a child kept at warn.
 */
export function channelLogger(level: keyof typeof LEVELS, destination?: NodeJS.WritableStream): BaileysLogger {
  // Without a destination (tests give one): a child of the kernel's logger, so its redaction, format and ids apply.
  if (!destination) return rootLogger().child({ service: 'channels' }, { level: LEVELS[level] }) as unknown as BaileysLogger;
  return pino({ level: LEVELS[level], base: { service: 'channels' } }, destination) as unknown as BaileysLogger;
}
