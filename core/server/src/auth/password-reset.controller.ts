import { Controller, HttpCode, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { forgotPasswordAnswerSchema, forgotPasswordParamSchema, resetPasswordAnswerSchema, resetPasswordSchema, type ResetPasswordInput } from '@atende/core-contract';
import { Public, ZodBody, ZodParam, ZodResponse } from '@atende/sdk-server';
import { PasswordResetService } from './password-reset.service.js';
import { RateLimiter, forgotLimits, resetLimits } from './rate-limiter.js';

/**
 * Password reset. The spec's second call puts e-mail, code and new password in the URL path; here they
 * travel in the body (`POST /resetpasswords`) so passwords never land in access logs.
 */
@Controller()
export class PasswordResetController {
  constructor(
    private readonly resets: PasswordResetService,
    private readonly limiter: RateLimiter,
  ) {}

  @Public()
  @Post('forgetpsw/:email')
  @HttpCode(200)
  @ZodResponse(forgotPasswordAnswerSchema)
  async forgot(@ZodParam('email', forgotPasswordParamSchema) email: string, @Req() req: Request) {
    await this.limiter.consume(forgotLimits(req.ip ?? 'unknown', email));
    await this.resets.request(email);
    return { sent: true as const };
  }

  @Public()
  @Post('resetpasswords')
  @HttpCode(200)
  @ZodResponse(resetPasswordAnswerSchema)
  async reset(@ZodBody(resetPasswordSchema) body: ResetPasswordInput, @Req() req: Request) {
    await this.limiter.consume(resetLimits(req.ip ?? 'unknown'));
    await this.resets.reset(body.email, body.token, body.password);
    return { ok: true as const };
  }
}
