import { Controller, Get, Inject, Post, Put } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { AppError, CONNECTIONS, CurrentUser, RequirePermission, ZodBody, ZodParam, type AuthUser, type Connections } from '@atende/sdk-server';
import {
  CLOUD_API_PROVIDER,
  numberInputSchema,
  numberUpdateSchema,
  type CloudApiNumber,
  type NumberInput,
  type NumberUpdate,
} from '@atende/plugin-cloud-api-contract';
import { NumberStore, type NumberRow } from './number-store.js';

const idParam = z.coerce.number().int().positive().max(2_147_483_647);
const token = () => randomBytes(24).toString('base64url');

const toDto = (r: NumberRow): CloudApiNumber => ({
  id: r.id,
  whatsappId: r.whatsapp_id,
  phoneNumberId: r.phone_number_id,
  wabaId: r.waba_id,
  webhookPath: `/api/cloud-api/webhook/${r.webhook_key}`,
  verifyToken: r.verify_token,
  hasAccessToken: !!r.access_token_enc,
  hasAppSecret: !!r.app_secret_enc,
  createdAt: new Date(r.created_at).toISOString(),
});

/** A phone number id already configured (here or in another company) is refused: its webhooks name one number. */
const uniqueViolation = (err: unknown) => (err as { code?: string }).code === '23505' || /unique|duplicate/i.test((err as Error).message);

/** /api/cloud-api/numbers: the Cloud API credentials of the company's `cloud-api` connections (admins). */
@Controller('cloud-api/numbers')
export class NumbersController {
  constructor(
    private readonly store: NumberStore,
    @Inject(CONNECTIONS) private readonly connections: Connections,
  ) {}

  @Get()
  @RequirePermission('cloud-api:write')
  async list(@CurrentUser() user: AuthUser): Promise<CloudApiNumber[]> {
    return (await this.store.list(user.companyId)).map(toDto);
  }

  @Post()
  @RequirePermission('cloud-api:write')
  async create(@CurrentUser() user: AuthUser, @ZodBody(numberInputSchema) body: NumberInput): Promise<CloudApiNumber> {
    const connection = await this.connections.get(user.companyId, body.whatsappId);
    if (!connection) throw AppError.notFound('ERR_NO_WAPP_FOUND');
    if (connection.provider !== CLOUD_API_PROVIDER) throw AppError.validation([{ path: 'whatsappId', message: 'not_cloud_api' }]);
    if (await this.store.byConnection(user.companyId, body.whatsappId)) throw AppError.validation([{ path: 'whatsappId', message: 'already_configured' }]);
    try {
      const row = await this.store.insert({
        company_id: user.companyId,
        whatsapp_id: body.whatsappId,
        phone_number_id: body.phoneNumberId,
        waba_id: body.wabaId,
        access_token_enc: await this.store.sealSecret(body.accessToken),
        app_secret_enc: await this.store.sealSecret(body.appSecret),
        verify_token: token(),
        webhook_key: token(),
      });
      return toDto(row);
    } catch (err) {
      if (uniqueViolation(err)) throw AppError.validation([{ path: 'phoneNumberId', message: 'in_use' }]);
      throw err;
    }
  }

  /** Partial: a secret left out keeps its stored value (secrets are never answered back). */
  @Put(':id')
  @RequirePermission('cloud-api:write')
  async update(@CurrentUser() user: AuthUser, @ZodParam('id', idParam) id: number, @ZodBody(numberUpdateSchema) body: NumberUpdate): Promise<CloudApiNumber> {
    if (!(await this.store.get(user.companyId, id))) throw AppError.notFound('ERR_CLOUD_API_NOT_CONFIGURED');
    try {
      const row = await this.store.update(user.companyId, id, {
        phone_number_id: body.phoneNumberId,
        waba_id: body.wabaId,
        access_token_enc: body.accessToken === undefined ? undefined : await this.store.sealSecret(body.accessToken),
        app_secret_enc: body.appSecret === undefined ? undefined : await this.store.sealSecret(body.appSecret),
      });
      return toDto(row!);
    } catch (err) {
      if (uniqueViolation(err)) throw AppError.validation([{ path: 'phoneNumberId', message: 'in_use' }]);
      throw err;
    }
  }
}
