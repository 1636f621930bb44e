import { Controller, Delete, Get, HttpCode, Post, Put } from '@nestjs/common';
import { z } from 'zod';
import { connectionInputSchema, connectionSchema, connectionUpdateSchema, idParamSchema, sessionStartSchema, type Connection, type ConnectionUpdate } from '@atende/core-contract';
import { CurrentUser, RequirePermission, ZodBody, ZodParam, ZodResponse, type AuthUser } from '@atende/sdk-server';
import { ConnectionsService } from './connections.service.js';
import { mayLink, withoutCodes } from './link-codes.js';
import { SessionManager } from './session-manager.js';

@Controller('whatsapp')
export class ConnectionsController {
  constructor(
    private readonly connections: ConnectionsService,
    private readonly sessions: SessionManager,
  ) {}

  /** Every signed-in user lists the company's connections (new-ticket modal); only admins change them. */
  @Get()
  @ZodResponse(connectionSchema.array())
  async list(@CurrentUser() user: AuthUser): Promise<Connection[]> {
    const list = await this.connections.list();
    return mayLink(user) ? list : list.map(withoutCodes);
  }

  @Get(':id')
  @ZodResponse(connectionSchema)
  async show(@ZodParam('id', idParamSchema) id: number, @CurrentUser() user: AuthUser): Promise<Connection> {
    const [dto] = await this.connections.toDtos([await this.connections.get(id)]);
    return mayLink(user) ? dto : withoutCodes(dto);
  }

  @Post()
  @RequirePermission('connections-page:addConnection')
  @ZodResponse(connectionSchema)
  create(@ZodBody(connectionInputSchema) body: z.infer<typeof connectionInputSchema>, @CurrentUser() user: AuthUser) {
    return this.connections.create(user.companyId, body);
  }

  @Put(':id')
  @RequirePermission('connections-page:editOrDeleteConnection')
  @ZodResponse(connectionSchema)
  update(@ZodParam('id', idParamSchema) id: number, @ZodBody(connectionUpdateSchema) body: ConnectionUpdate) {
    return this.connections.update(id, body);
  }

  /** A new external API token; the old one is refused from now on (issue 34 item 1). */
  @Post(':id/token')
  @HttpCode(200)
  @RequirePermission('connections-page:editOrDeleteConnection')
  @ZodResponse(connectionSchema)
  rotateToken(@ZodParam('id', idParamSchema) id: number) {
    return this.connections.rotateToken(id);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequirePermission('connections-page:editOrDeleteConnection')
  async remove(@ZodParam('id', idParamSchema) id: number): Promise<void> {
    await this.connections.get(id);
    await this.sessions.stop(id, true);
    await this.connections.remove(id);
  }
}

/** Session actions: start (QR / pairing code), restart, and end (logout). */
@Controller('whatsappsession')
export class SessionsController {
  constructor(
    private readonly connections: ConnectionsService,
    private readonly sessions: SessionManager,
  ) {}

  @Post(':id')
  @HttpCode(200)
  @RequirePermission('connections-page:actionButtons')
  async start(@ZodParam('id', idParamSchema) id: number, @ZodBody(sessionStartSchema) body: z.infer<typeof sessionStartSchema>) {
    const w = await this.connections.get(id);
    await this.sessions.start(w, body);
    return { message: 'Starting session.' };
  }

  @Put(':id')
  @HttpCode(200)
  @RequirePermission('connections-page:actionButtons')
  async restart(@ZodParam('id', idParamSchema) id: number) {
    const w = await this.connections.get(id);
    await this.sessions.stop(id);
    await this.sessions.start(w);
    return { message: 'Restarting session.' };
  }

  @Delete(':id')
  @HttpCode(200)
  @RequirePermission('connections-page:actionButtons')
  async end(@ZodParam('id', idParamSchema) id: number) {
    await this.connections.get(id);
    await this.sessions.stop(id, true);
    return { message: 'Session disconnected.' };
  }
}
