import type { ErrorCode } from '@atende/core-contract';
import { ERROR_MESSAGES } from '@atende/core-contract';

/**
 * The one error type handlers throw. The kernel's filter turns it into `{error, message, details}`
 * with `status`. Plugins may use their own codes (strings) besides the kernel catalogue.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode | (string & {}),
    readonly status: number,
    message?: string,
    readonly details?: unknown,
  ) {
    super(message ?? (ERROR_MESSAGES.en as Record<string, string>)[code] ?? code);
    this.name = 'AppError';
  }

  static notFound(code: ErrorCode | (string & {}) = 'ERR_NOT_FOUND', message?: string) {
    return new AppError(code, 404, message);
  }
  static forbidden(message?: string) {
    return new AppError('ERR_NO_PERMISSION', 403, message);
  }
  static conflict(code: ErrorCode | (string & {}), message?: string) {
    return new AppError(code, 409, message);
  }
  static validation(details: unknown, message?: string) {
    return new AppError('ERR_VALIDATION', 400, message, details);
  }
}
