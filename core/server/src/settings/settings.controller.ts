import { Controller, Get, Param, Put } from '@nestjs/common';
import { settingSchema, settingUpdateSchema } from '@atende/core-contract';
import { CurrentUser, RequirePermission, ZodBody, ZodResponse, type AuthUser } from '@atende/sdk-server';
import { SettingsService } from './settings.service.js';

const settingsSchema = settingSchema.array();

@Controller('settings')
export class SettingsController {
  constructor(private readonly settings: SettingsService) {}

  @Get('global')
  @RequirePermission('settings:global')
  @ZodResponse(settingsSchema)
  global() {
    return this.settings.listGlobal();
  }

  @Put('global/:key')
  @RequirePermission('settings:global')
  @ZodResponse(settingSchema)
  setGlobal(@Param('key') key: string, @ZodBody(settingUpdateSchema) body: { value: string }) {
    return this.settings.setGlobal(key, body.value);
  }

  /** Every signed-in user reads the company options (the shell needs some of them); admins change them. */
  @Get()
  @ZodResponse(settingsSchema)
  list(@CurrentUser() user: AuthUser) {
    return this.settings.list(user);
  }

  @Put(':key')
  @RequirePermission('settings:write')
  @ZodResponse(settingSchema)
  set(@Param('key') key: string, @ZodBody(settingUpdateSchema) body: { value: string }, @CurrentUser() user: AuthUser) {
    return this.settings.set(user.companyId, key, body.value);
  }
}
