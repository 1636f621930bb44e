import { Inject, Injectable, Logger } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import { APP_CONFIG, type AppConfig } from '../config/config.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/**
 * Sends mail through SMTP when SMTP_HOST is set. Without it (development, tests) the message is
 * written to the server log instead, so a reset code can still be read; the README says so.
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

  async send(mail: Mail): Promise<void> {
    if (!this.transport) {
      this.logger.log(`SMTP not configured; mail to ${mail.to} — ${mail.subject}: ${mail.text}`);
      return;
    }
    await this.transport.sendMail({ from: this.config.SMTP_FROM, ...mail });
  }
}
