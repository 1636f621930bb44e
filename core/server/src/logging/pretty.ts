import type { DestinationStream } from 'pino';

const COLORS: Record<string, string> = { fatal: '\x1b[35m', error: '\x1b[31m', warn: '\x1b[33m', info: '\x1b[32m', debug: '\x1b[36m', trace: '\x1b[90m' };
const RESET = '\x1b[0m';
const SHOWN_FIRST = new Set(['level', 'time', 'pid', 'msg', 'context', 'requestId', 'companyId', 'userId', 'stack']);

/**
 * Pino's JSON lines turned into one readable line each, for a terminal (npm start): time, level,
 * [context], message, then ids and other fields. In-process and synchronous: no worker thread, no
 * extra package; production keeps JSON.
 */
export function formatPretty(line: string, color = !process.env.NO_COLOR): string {
  let o: Record<string, unknown>;
  try {
    o = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line;
  }
  const level = String(o.level ?? 'info');
  const time = typeof o.time === 'string' ? o.time.slice(11, 23) : '';
  const paint = (s: string) => (color ? `${COLORS[level] ?? ''}${s}${RESET}` : s);
  const ids = [o.requestId ? `req=${String(o.requestId).slice(0, 8)}` : '', o.companyId ? `company=${o.companyId}` : '', o.userId ? `user=${o.userId}` : ''].filter(Boolean).join(' ');
  const rest = Object.entries(o).filter(([k]) => !SHOWN_FIRST.has(k));
  const extra = rest.length ? ` ${JSON.stringify(Object.fromEntries(rest))}` : '';
  const context = o.context ? `[${o.context}] ` : '';
  const stack = o.stack ? `\n${o.stack}` : '';
  return `${time} ${paint(level.toUpperCase().padEnd(5))} ${context}${o.msg ?? ''}${ids ? ` (${ids})` : ''}${extra}${stack}\n`;
}

export function prettyDestination(out: NodeJS.WritableStream): DestinationStream {
  return { write: (line: string) => void out.write(formatPretty(line)) };
}
