import { Controller, Delete, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  authResponseSchema,
  loginRequestSchema,
  sessionUserSchema,
  type AuthResponse,
  type LoginRequest,
  type SessionUser,
} from '@atende/core-contract';
import { AllowExpired, CurrentUser, Public, ZodBody, ZodResponse, type AuthUser } from '@atende/sdk-server';
import { AuthService } from './auth.service.js';
import { RefreshCookie } from './refresh-cookie.js';
import { SessionsService } from './sessions.service.js';

@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly sessions: SessionsService,
    private readonly cookie: RefreshCookie,
  ) {}

  @Public()
  @Post('login')
  @HttpCode(200)
  @ZodResponse(authResponseSchema)
  async login(
    @ZodBody(loginRequestSchema) body: LoginRequest,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AuthResponse> {
    const { token, refreshToken, user } = await this.auth.login(body.email, body.password, req.ip ?? 'unknown');
    this.cookie.set(res, refreshToken);
    return { token, user };
  }

  @Public()
  @Post('refresh_token')
  @HttpCode(200)
  @ZodResponse(authResponseSchema)
  async refresh(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<AuthResponse> {
    try {
      const { token, refreshToken, user } = await this.auth.refresh(this.cookie.read(req));
      this.cookie.set(res, refreshToken);
      return { token, user };
    } catch (err) {
      this.cookie.clear(res);
      throw err;
    }
  }

  @Get('me')
  @AllowExpired()
  @ZodResponse(sessionUserSchema)
  me(@CurrentUser() user: AuthUser): Promise<SessionUser> {
    return this.auth.me(user.id);
  }

  @Public()
  @Delete('logout')
  @HttpCode(204)
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<void> {
    await this.sessions.end(this.cookie.read(req));
    this.cookie.clear(res);
  }
}
