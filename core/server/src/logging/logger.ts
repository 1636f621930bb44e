import { destination, pino, type DestinationStream, type Logger as Pino } from 'pino';
import type { LoggerService } from '@nestjs/common';
import { logContext } from '@atende/sdk-server';
import { redact, redactText } from './redact.js';
import { prettyDestination } from './pretty.js';

/** Nest's level names (LOG_LEVEL) to pino's. */
export const PINO_LEVELS = { error: 'error', warn: 'warn', log: 'info', debug: 'debug', verbose: 'trace' } as const;
export type NestLevel = keyof typeof PINO_LEVELS;

export interface LoggingOptions {
  level: NestLevel;
  /** 'json': one object a line (production, log collectors); 'pretty': coloured text for a terminal. */
  format: 'json' | 'pretty';
  destination?: DestinationStream;
}

/** JSON when stdout is not a terminal (a container, a file, a collector), unless LOG_FORMAT says otherwise. */
export function defaultFormat(explicit: 'json' | 'pretty' | undefined): 'json' | 'pretty' {
  return explicit ?? (process.stdout.isTTY ? 'pretty' : 'json');
}

let root: Pino | undefined;

/**
 * The process's one pino logger. Every line carries the request id, company and user of the current
 * context (a request, a job, a chain run); fields and text are redacted (redact.ts).
 */
export function configureLogging(opts: LoggingOptions): Pino {
  root = pino(
    {
      level: PINO_LEVELS[opts.level],
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      mixin: () => {
        const ctx = logContext();
        return ctx ? { requestId: ctx.requestId, companyId: ctx.companyId, userId: ctx.userId } : {};
      },
      formatters: {
        level: (label) => ({ level: label }),
        log: (obj) => redact(obj) as Record<string, unknown>,
      },
      hooks: {
        // The message text too: it is often built from values (a URL with a password, a token).
        logMethod(args, method) {
          const scrubbed = args.map((a) => (typeof a === 'string' ? redactText(a) : a)) as Parameters<typeof method>;
          return method.apply(this, scrubbed);
        },
      },
    },
    opts.destination ?? (opts.format === 'pretty' ? prettyDestination(process.stdout) : destination({ fd: 1, sync: true })),
  );
  // A child's bindings (logger.child({ ... }), e.g. Baileys' session logger) are written on every line
  // and pino skips the formatters for them: redact them here. Children inherit this method (pino makes
  // them with Object.create), so grandchildren are covered too.
  type ChildFn = (this: Pino, bindings: Record<string, unknown>, options?: unknown) => Pino;
  const child = root.child as unknown as ChildFn;
  const redactedChild: ChildFn = function (bindings, options) {
    return child.call(this, redact(bindings) as Record<string, unknown>, options);
  };
  root.child = redactedChild as unknown as typeof root.child;
  return root;
}

/** The configured logger, or a JSON one at info (scripts and unit tests that never configure). */
export function rootLogger(): Pino {
  return (root ??= configureLogging({ level: 'log', format: 'json' }));
}

/**
 * Nest's LoggerService on pino: `new Logger('Sessions')` anywhere in the kernel or a plugin ends up
 * here, its context as the `context` field.
 */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly pino: Pino) {}

  private write(level: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace', message: unknown, params: unknown[]) {
    // Nest passes (message, context) or, for errors, (message, stack, context).
    const context = params.length && typeof params[params.length - 1] === 'string' ? (params[params.length - 1] as string) : undefined;
    const stack = level === 'error' && params.length > 1 && typeof params[0] === 'string' ? (params[0] as string) : undefined;
    const fields: Record<string, unknown> = {};
    if (context) fields.context = context;
    if (stack) fields.stack = stack;
    if (message instanceof Error) this.pino[level]({ ...fields, err: message }, message.message);
    else if (typeof message === 'object' && message !== null) this.pino[level]({ ...fields, ...(message as object) });
    else this.pino[level](fields, String(message));
  }

  log(message: unknown, ...params: unknown[]) {
    this.write('info', message, params);
  }
  error(message: unknown, ...params: unknown[]) {
    this.write('error', message, params);
  }
  warn(message: unknown, ...params: unknown[]) {
    this.write('warn', message, params);
  }
  debug(message: unknown, ...params: unknown[]) {
    this.write('debug', message, params);
  }
  verbose(message: unknown, ...params: unknown[]) {
    this.write('trace', message, params);
  }
  fatal(message: unknown, ...params: unknown[]) {
    this.write('fatal', message, params);
  }
}
