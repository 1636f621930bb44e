import { Logger } from '@nestjs/common';
import { WebSocketGateway, WebSocketServer, type OnGatewayConnection } from '@nestjs/websockets';
import { MikroORM } from '@mikro-orm/postgresql';
import { RequestContext } from '@mikro-orm/core';
import type { Server, Socket } from 'socket.io';
import { PLATFORM_ROOM, SOCKET_EVENTS, companyRoom, userRoom } from '@atende/core-contract';
import { AppError, type RealtimePublisher } from '@atende/sdk-server';
import { AuthGuard } from '../auth/auth.guard.js';

/**
 * Authenticates each socket with the access token (handshake auth.token or query token) and joins it
 * to its company room, its user room and the platform room. Clients cannot join rooms themselves.
 */
@WebSocketGateway()
export class RealtimeGateway implements OnGatewayConnection, RealtimePublisher {
  private readonly logger = new Logger('Realtime');
  @WebSocketServer() server!: Server;

  constructor(
    private readonly auth: AuthGuard,
    private readonly orm: MikroORM,
  ) {}

  async handleConnection(socket: Socket): Promise<void> {
    const raw = (socket.handshake.auth as { token?: unknown })?.token ?? socket.handshake.query.token;
    const token = typeof raw === 'string' ? raw : '';
    try {
      const user = await RequestContext.create(this.orm.em, () => this.auth.authenticate(token));
      socket.data.user = user;
      await socket.join([companyRoom(user.companyId), userRoom(user.id), PLATFORM_ROOM]);
      socket.emit('ready', { companyId: user.companyId, userId: user.id });
    } catch (err) {
      const code = err instanceof AppError ? err.code : 'ERR_INVALID_TOKEN';
      if (!(err instanceof AppError)) this.logger.error(err);
      socket.emit(SOCKET_EVENTS.auth, { action: code === 'ERR_SESSION_EXPIRED' ? 'expired' : 'invalid', error: code });
      socket.disconnect(true);
    }
  }

  toCompany(companyId: number, event: string, payload: unknown): void {
    this.server.to(companyRoom(companyId)).emit(event, payload);
  }
  toUser(userId: number, event: string, payload: unknown): void {
    this.server.to(userRoom(userId)).emit(event, payload);
  }
  toPlatform(event: string, payload: unknown): void {
    this.server.to(PLATFORM_ROOM).emit(event, payload);
  }
}
