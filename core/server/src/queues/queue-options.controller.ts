import { Controller, Delete, Get, HttpCode, Post, Put } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { definedFields, idParamSchema, queueOptionInputSchema, queueOptionUpdateSchema, queueOptionQuerySchema, queueOptionSchema, type QueueOptionDto } from '@atende/core-contract';
import { AppError, CurrentUser, RequirePermission, ZodBody, ZodParam, ZodQuery, ZodResponse, type AuthUser } from '@atende/sdk-server';
import { QueueOptionSchema, type QueueOption } from './queue-option.entity.js';
import { QueueSchema } from './queue.entity.js';

type Input = z.infer<typeof queueOptionInputSchema>;
const toDto = (o: QueueOption): QueueOptionDto => ({ id: o.id, queueId: o.queueId, parentId: o.parentId ?? null, title: o.title, message: o.message, option: o.option });

/** The options tree of a queue (`/api/queue-options`), walked by the queue bot. Admins edit it. */
@Controller('queue-options')
export class QueueOptionsController {
  constructor(private readonly em: EntityManager) {}

  @Get()
  @RequirePermission('queues:read')
  @ZodResponse(queueOptionSchema.array())
  async list(@ZodQuery(queueOptionQuerySchema) q: z.infer<typeof queueOptionQuerySchema>) {
    const rows = await this.em.find(
      QueueOptionSchema,
      { queueId: q.queueId, parentId: q.parentId === -1 ? null : q.parentId },
      { orderBy: { option: 'asc', id: 'asc' } },
    );
    return rows.map(toDto);
  }

  @Post()
  @RequirePermission('queues:write')
  @ZodResponse(queueOptionSchema)
  async create(@ZodBody(queueOptionInputSchema) body: Input, @CurrentUser() user: AuthUser) {
    await this.check(body);
    const o = this.em.create(QueueOptionSchema, { ...body, companyId: user.companyId });
    await this.em.flush();
    return toDto(o);
  }

  @Put(':id')
  @RequirePermission('queues:write')
  @ZodResponse(queueOptionSchema)
  async update(@ZodParam('id', idParamSchema) id: number, @ZodBody(queueOptionUpdateSchema) body: Partial<Input>) {
    const o = await this.get(id);
    if (body.parentId === id) throw AppError.validation([{ path: 'parentId', message: 'own_parent' }]);
    const fields = definedFields(body);
    await this.check({ queueId: fields.queueId ?? o.queueId, parentId: fields.parentId === undefined ? (o.parentId ?? null) : fields.parentId });
    this.em.assign(o, fields);
    await this.em.flush();
    return toDto(o);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequirePermission('queues:write')
  async remove(@ZodParam('id', idParamSchema) id: number): Promise<void> {
    await this.em.remove(await this.get(id)).flush(); // children go with it (on delete cascade)
  }

  private async get(id: number) {
    const o = await this.em.findOne(QueueOptionSchema, { id });
    if (!o) throw AppError.notFound();
    return o;
  }

  /** Queue and parent must be the company's own, and the parent must hang from the same queue. */
  private async check(body: Pick<Input, 'queueId' | 'parentId'>) {
    if (!(await this.em.findOne(QueueSchema, { id: body.queueId }))) throw AppError.notFound('ERR_NO_QUEUE_FOUND');
    if (body.parentId) {
      const parent = await this.em.findOne(QueueOptionSchema, { id: body.parentId });
      if (!parent || parent.queueId !== body.queueId) throw AppError.notFound();
    }
  }
}
