import { Module } from '@nestjs/common';
import { AuthService } from './auth.service.js';
import { LoginThrottle } from './login-throttle.js';
import { SessionsService } from './sessions.service.js';
import { RefreshCookie } from './refresh-cookie.js';
import { PasswordResetService } from './password-reset.service.js';
import { AuthController } from './auth.controller.js';
import { PasswordResetController } from './password-reset.controller.js';

/** Sign-in, refresh, sign-out, sessions and password reset (the guard and tokens are the platform's). */
@Module({
  providers: [AuthService, LoginThrottle, SessionsService, RefreshCookie, PasswordResetService],
  controllers: [AuthController, PasswordResetController],
  exports: [SessionsService],
})
export class AuthModule {}
