import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { RESET_CODE_TTL_MINUTES } from '@atende/core-contract';
import { AppError } from '@atende/sdk-server';
import { PasswordResetSchema } from './password-reset.entity.js';
import { UserSchema } from '../users/user.entity.js';
import { ACROSS_TENANTS } from '../tenancy/tenant-filter.js';
import { Mailer } from '../mail/mailer.js';
import { hashPassword } from './password.js';
import { SessionsService } from './sessions.service.js';

const MAX_TRIES = 5;
const digest = (userId: number, code: string) => createHash('sha256').update(`${userId}:${code}`).digest('hex');

/** Six-digit codes by e-mail, valid 15 minutes and 5 tries; only the hash is stored. */
@Injectable()
export class PasswordResetService {
  constructor(
    private readonly em: EntityManager,
    private readonly mailer: Mailer,
    private readonly sessions: SessionsService,
  ) {}

  async request(email: string): Promise<void> {
    const user = await this.em.findOne(UserSchema, { email }, ACROSS_TENANTS);
    // The spec's screen tells "e-mail not found" apart (404), so this does too; the rate limit bounds probing.
    if (!user) throw new AppError('ERR_USER_DONT_EXISTS', 404);
    this.mailer.assertCanSend();
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    // A new code replaces any earlier one.
    await this.em.nativeUpdate(PasswordResetSchema, { userId: user.id, usedAt: null }, { usedAt: new Date() });
    this.em.create(PasswordResetSchema, {
      userId: user.id,
      codeHash: digest(user.id, code),
      expiresAt: new Date(Date.now() + RESET_CODE_TTL_MINUTES * 60_000),
    });
    await this.em.flush();
    await this.mailer.send({
      to: user.email,
      subject: 'Atende: código para restablecer su contraseña',
      text: `Su código es ${code}. Vence en ${RESET_CODE_TTL_MINUTES} minutos. Si no lo pidió, ignore este mensaje.`,
    });
  }

  async reset(email: string, code: string, password: string): Promise<void> {
    const invalid = () => new AppError('ERR_INVALID_RESET_CODE', 400);
    const user = await this.em.findOne(UserSchema, { email }, ACROSS_TENANTS);
    if (!user) throw invalid();
    const row = await this.em.findOne(
      PasswordResetSchema,
      { userId: user.id, usedAt: null, expiresAt: { $gt: new Date() } },
      { orderBy: { id: 'desc' } },
    );
    if (!row) throw invalid();
    const sql = this.em.getConnection();
    // Count the try before comparing, in one statement: parallel guesses cannot all see "attempts < 5".
    const counted = await sql.execute(
      'update password_resets set attempts = attempts + 1 where id = ? and attempts < ? and used_at is null returning attempts',
      [row.id, MAX_TRIES],
    );
    if (!counted.length) throw invalid();
    const ok = timingSafeEqual(Buffer.from(row.codeHash), Buffer.from(digest(user.id, code)));
    if (!ok) throw invalid();
    // Spend the code atomically too: of two parallel right answers only one changes the password.
    const spent = await sql.execute('update password_resets set used_at = now() where id = ? and used_at is null returning id', [row.id]);
    if (!spent.length) throw invalid();
    user.passwordHash = await hashPassword(password);
    await this.em.flush();
    await this.sessions.revokeAll(user, 'revoked');
  }
}
