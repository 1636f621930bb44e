import { Catch, HttpException, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { Response } from 'express';
import { NotFoundError, UniqueConstraintViolationException, ForeignKeyConstraintViolationException } from '@mikro-orm/core';
import { ERROR_MESSAGES, type ApiErrorBody } from '@atende/core-contract';
import { AppError } from '@atende/sdk-server';
import { isDatabaseUnavailable } from '../database/unavailable.js';

const STATUS_CODES: Record<number, string> = {
  400: 'ERR_VALIDATION',
  401: 'ERR_INVALID_TOKEN',
  403: 'ERR_NO_PERMISSION',
  404: 'ERR_NOT_FOUND',
  413: 'ERR_VALIDATION',
  429: 'ERR_TOO_MANY_ATTEMPTS',
};

/** Every error leaves as `{error: 'ERR_CODE', message}` with a proper status; internals are never leaked. */
@Catch()
export class ErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') return;
    const res = host.switchToHttp().getResponse<Response>();
    const { status, body } = this.toResponse(exception);
    if (status >= 500) this.logger.error(exception instanceof Error ? exception.stack : exception);
    if (!res.headersSent) res.status(status).json(body);
  }

  private toResponse(exception: unknown): { status: number; body: ApiErrorBody } {
    if (exception instanceof AppError) {
      const body: ApiErrorBody = { error: exception.code, message: exception.message };
      if (exception.details !== undefined) body.details = exception.details;
      return { status: exception.status, body };
    }
    if (exception instanceof NotFoundError) {
      return { status: 404, body: { error: 'ERR_NOT_FOUND', message: ERROR_MESSAGES.en.ERR_NOT_FOUND } };
    }
    if (exception instanceof UniqueConstraintViolationException) {
      return { status: 409, body: { error: 'ERR_DUPLICATED', message: 'A record with these values already exists.' } };
    }
    if (exception instanceof ForeignKeyConstraintViolationException) {
      return { status: 409, body: { error: 'ERR_IN_USE', message: 'The record is referenced by other records.' } };
    }
    // A database that is down or restarting: a clear 503 the client may retry, not a 500 (issue 28 item 4).
    if (isDatabaseUnavailable(exception)) {
      return { status: 503, body: { error: 'ERR_DATABASE_UNAVAILABLE', message: ERROR_MESSAGES.en.ERR_DATABASE_UNAVAILABLE } };
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const code = STATUS_CODES[status] ?? (status >= 500 ? 'ERR_INTERNAL_SERVER_ERROR' : 'ERR_VALIDATION');
      return { status, body: { error: code, message: exception.message } };
    }
    return {
      status: 500,
      body: { error: 'ERR_INTERNAL_SERVER_ERROR', message: ERROR_MESSAGES.en.ERR_INTERNAL_SERVER_ERROR },
    };
  }
}
