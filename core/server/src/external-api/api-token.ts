import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '@atende/sdk-server';
import { CompanyPlanService } from '../platform/company-plan.service.js';
import { isExpired } from '../auth/company-expiry.js';

/** The connection (and its company) a valid API token stands for. */
export interface ApiCaller {
  whatsappId: number;
  companyId: number;
}

const BEARER = /^Bearer\s+([0-9a-f]{64})\s*$/i;

/**
 * Who is calling the external API: the connection whose token is in `Authorization: Bearer <token>`.
 * Looked up on every call (no cache), so a rotated token is refused at once. The company must be
 * active, not expired, and its plan must have useExternalApi (403 ERR_NO_PERMISSION otherwise).
 */
@Injectable()
export class ApiTokens {
  constructor(
    private readonly em: EntityManager,
    private readonly plans: CompanyPlanService,
  ) {}

  async caller(authorization: string | undefined): Promise<ApiCaller> {
    const token = BEARER.exec(authorization ?? '')?.[1]?.toLowerCase();
    if (!token) throw new AppError('ERR_INVALID_TOKEN', 401, 'Send the connection token as Authorization: Bearer <token>.');
    // Across tenants on purpose: the token is what tells the company (raw SQL, the one place that does it).
    const [row] = (await this.em
      .fork()
      .getConnection()
      .execute(
        `select w.id, w.company_id, c.status, c.is_platform, c.due_date from whatsapps w join companies c on c.id = w.company_id where w.token = ?`,
        [token],
      )) as { id: number; company_id: number; status: boolean; is_platform: boolean; due_date: Date | null }[];
    if (!row) throw new AppError('ERR_INVALID_TOKEN', 401, 'Unknown or rotated API token.');
    if (!row.status) throw new AppError('ERR_NO_PERMISSION', 403, 'This company is disabled.');
    if (isExpired({ isPlatform: row.is_platform, dueDate: row.due_date ? new Date(row.due_date) : null })) throw new AppError('ERR_SUBSCRIPTION_EXPIRED', 402);
    const flags = await this.plans.flagsOf(row.company_id);
    if (!flags.useExternalApi) throw new AppError('ERR_NO_PERMISSION', 403, "The company's plan does not include the external API.");
    return { whatsappId: row.id, companyId: row.company_id };
  }
}
