import { Controller, Delete, Get, Post, Put } from '@nestjs/common';
import { z } from 'zod';
import { CurrentUser, RequirePermission, ZodBody, ZodParam, type AuthUser } from '@atende/sdk-server';
import { promptInputSchema, promptUpdateSchema, type Prompt } from '@atende/plugin-ai-contract';
import { PromptsService } from './prompts.service.js';

const idSchema = z.coerce.number().int().positive().max(2_147_483_647);

/** /api/ai/prompt, also answered at the spec's /prompt (apiAliases). */
@Controller('prompt')
export class PromptsController {
  constructor(private readonly prompts: PromptsService) {}

  @Get()
  @RequirePermission('ai:read')
  async list(@CurrentUser() user: AuthUser): Promise<{ prompts: Prompt[] }> {
    return { prompts: await this.prompts.list(user) };
  }

  @Get(':id')
  @RequirePermission('ai:read')
  show(@CurrentUser() user: AuthUser, @ZodParam('id', idSchema) id: number): Promise<Prompt> {
    return this.prompts.show(user, id);
  }

  @Post()
  @RequirePermission('ai:write')
  create(@CurrentUser() user: AuthUser, @ZodBody(promptInputSchema) body: z.output<typeof promptInputSchema>): Promise<Prompt> {
    return this.prompts.create(user, body);
  }

  @Put(':id')
  @RequirePermission('ai:write')
  update(@CurrentUser() user: AuthUser, @ZodParam('id', idSchema) id: number, @ZodBody(promptUpdateSchema) body: z.output<typeof promptUpdateSchema>): Promise<Prompt> {
    return this.prompts.update(user, id, body);
  }

  @Delete(':id')
  @RequirePermission('ai:write')
  remove(@CurrentUser() user: AuthUser, @ZodParam('id', idSchema) id: number): Promise<{ message: string }> {
    return this.prompts.remove(user, id);
  }
}
