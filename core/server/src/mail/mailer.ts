import { Inject, Injectable, Logger } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import { AppError } from '@atende/sdk-server';
import { APP_CONFIG, type AppConfig } from '../config/config.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/**
 * Sends mail through SMTP when SMTP_HOST is set. Without it, development and tests get the message
 * written to the server log instead (so a reset code can still be read; the README says so); in
 * production nothing is sent and nothing secret is logged: the caller gets 503 ERR_MAIL_NOT_CONFIGURED.
 */
@Injectable()
export class Mailer {
  private readonly logger = new Logger('Mail');
  private readonly transport: Transporter | null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.transport = config.SMTP_HOST
      ? nodemailer.createTransport({
          host: config.SMTP_HOST,
          port: config.SMTP_PORT,
          secure: config.SMTP_SECURE === 'true',
          auth: config.SMTP_USER ? { user: config.SMTP_USER, pass: config.SMTP_PASS ?? '' } : undefined,
        })
      : null;
  }

  /** Throws before any work (such as minting a reset code) when mail cannot be sent at all. */
  assertCanSend(): void {
    if (this.transport || this.config.NODE_ENV !== 'production') return;
    this.logger.warn('Mail not configured (SMTP_HOST is unset); refusing to send.');
    throw new AppError('ERR_MAIL_NOT_CONFIGURED', 503);
  }

  async send(mail: Mail): Promise<void> {
    this.assertCanSend();
    if (!this.transport) {
      this.logger.log(`SMTP not configured; mail to ${mail.to} — ${mail.subject}: ${mail.text}`);
      return;
    }
    await this.transport.sendMail({ from: this.config.SMTP_FROM, ...mail });
  }
}
