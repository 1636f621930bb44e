import { Injectable, Logger, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { map, type Observable } from 'rxjs';
import type { z } from 'zod';
import { AppError, RESPONSE_SCHEMA } from '@atende/sdk-server';

/** Parses each answer with the route's @ZodResponse schema: unknown keys are dropped, a wrong shape is a 500. */
@Injectable()
export class ResponseSchemaInterceptor implements NestInterceptor {
  private readonly logger = new Logger('ResponseSchema');
  constructor(private readonly reflector: Reflector) {}

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    const schema = this.reflector.get<z.ZodType | undefined>(RESPONSE_SCHEMA, ctx.getHandler());
    if (!schema) return next.handle();
    return next.handle().pipe(
      map((data: unknown) => {
        const result = schema.safeParse(data);
        if (result.success) return result.data;
        this.logger.error(`${ctx.getClass().name}.${ctx.getHandler().name} answered outside its contract: ${result.error.message}`);
        throw new AppError('ERR_INTERNAL_SERVER_ERROR', 500);
      }),
    );
  }
}
