import { Controller, Delete, Get, HttpCode, Post, Put } from '@nestjs/common';
import { z } from 'zod';
import {
  can,
  idParamSchema,
  languageSchema,
  pageQuerySchema,
  userCreateSchema,
  userOptionSchema,
  userPageSchema,
  userSchema,
  userUpdateSchema,
  type Language,
  type UserDto,
} from '@atende/core-contract';
import { AllowExpired, AppError, CurrentUser, RequirePermission, ZodBody, ZodParam, ZodQuery, ZodResponse, type AuthUser } from '@atende/sdk-server';
import { UsersService } from './users.service.js';

@Controller('users')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Get()
  @RequirePermission('users:manage')
  @ZodResponse(userPageSchema)
  page(@ZodQuery(pageQuerySchema) q: z.infer<typeof pageQuerySchema>) {
    return this.users.page(q.searchParam, q.pageNumber);
  }

  /** Names only, for every signed-in user (the transfer modal's user choice). */
  @Get('list')
  @RequirePermission('users:list-names')
  @ZodResponse(userOptionSchema.array())
  list() {
    return this.users.names();
  }

  @Post('set-language/:lang')
  @HttpCode(204)
  @AllowExpired()
  async setLanguage(@ZodParam('lang', languageSchema) lang: Language, @CurrentUser() user: AuthUser): Promise<void> {
    await this.users.setLanguage(user.id, lang);
  }

  @Get(':id')
  @ZodResponse(userSchema)
  async show(@ZodParam('id', idParamSchema) id: number, @CurrentUser() actor: AuthUser): Promise<UserDto> {
    if (actor.id !== id && !can(actor, 'users:manage')) throw AppError.forbidden();
    return this.users.toDto(await this.users.get(id));
  }

  @Post()
  @RequirePermission('users:manage')
  @ZodResponse(userSchema)
  async create(@ZodBody(userCreateSchema) body: z.infer<typeof userCreateSchema>, @CurrentUser() actor: AuthUser): Promise<UserDto> {
    // The company option `userCreation` (core-operations §3): disabled, no new users (the super user still may).
    if (!actor.super && (await this.users.companyOption('userCreation')) === 'disabled') throw new AppError('ERR_USER_CREATION_DISABLED', 403);
    return this.users.create(actor.companyId, body);
  }

  @Put(':id')
  @ZodResponse(userSchema)
  update(
    @ZodParam('id', idParamSchema) id: number,
    @ZodBody(userUpdateSchema) body: z.infer<typeof userUpdateSchema>,
    @CurrentUser() actor: AuthUser,
  ): Promise<UserDto> {
    const full = can(actor, 'users:manage');
    if (!full && actor.id !== id) throw AppError.forbidden();
    return this.users.update(actor.id, id, body, full);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequirePermission('users:manage')
  async remove(@ZodParam('id', idParamSchema) id: number, @CurrentUser() actor: AuthUser): Promise<void> {
    await this.users.remove(actor.id, id);
  }
}
