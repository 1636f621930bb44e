import { Logger } from '@nestjs/common';
import {
  ConnectedSocket,
  MessageBody,
  SubscribeMessage,
  WebSocketGateway,
  WebSocketServer,
  type OnGatewayConnection,
  type OnGatewayDisconnect,
} from '@nestjs/websockets';
import { MikroORM } from '@mikro-orm/postgresql';
import { RequestContext } from '@mikro-orm/core';
import type { Server, Socket } from 'socket.io';
import { PLATFORM_ROOM, SOCKET_EVENTS, USER_STATUS_EVENT, can, companyRoom, userRoom, type AuthEventAction } from '@atende/core-contract';
import { AppError, type AuthUser, type RealtimePublisher } from '@atende/sdk-server';
import { UserQueueSchema, UserSchema } from '../database/entities.js';
import { TicketSchema } from '../database/channel-entities.js';
import { ACROSS_TENANTS, tenantEm } from '../tenancy/tenant-filter.js';
import { AuthGuard } from '../auth/auth.guard.js';

/**
 * Authenticates each socket with the access token (handshake auth.token or query token) and joins it
 * to its company room, its user room and the platform room. Clients cannot join rooms themselves.
 */
@WebSocketGateway()
export class RealtimeGateway implements OnGatewayConnection, OnGatewayDisconnect, RealtimePublisher {
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
      const { user } = await RequestContext.create(this.orm.em, () => this.auth.authenticate(token));
      socket.data.user = user;
      await this.setOnline(user.id, true);
      await socket.join([companyRoom(user.companyId), userRoom(user.id), PLATFORM_ROOM, ...(await this.ticketRooms(user))]);
      socket.emit('ready', { companyId: user.companyId, userId: user.id });
    } catch (err) {
      const code = err instanceof AppError ? err.code : 'ERR_INVALID_TOKEN';
      if (!(err instanceof AppError)) this.logger.error(err);
      socket.emit(SOCKET_EVENTS.auth, { action: code === 'ERR_SESSION_EXPIRED' ? 'expired' : 'invalid', error: code });
      socket.disconnect(true);
    }
  }

  /**
   * Ticket events go only to who may see the ticket: the company's admins, the members of its queue
   * (or, for queueless tickets, users allowed to see them), and the assigned user.
   */
  private async ticketRooms(user: AuthUser): Promise<string[]> {
    const em = this.orm.em.fork();
    if (can(user, 'tickets-manager:showall')) return [`company-${user.companyId}-admins`];
    const row = await em.findOne(UserSchema, { id: user.id }, ACROSS_TENANTS);
    const links = await em.find(UserQueueSchema, { userId: user.id });
    return [...links.map((l) => `queue-${l.queueId}`), ...(row?.allTicket === 'enabled' ? [`company-${user.companyId}-noqueue`] : [])];
  }

  toTicketAudience(ticket: { id?: number; companyId: number; queueId?: number | null; userId?: number | null }, event: string, payload: unknown): void {
    const rooms = [`company-${ticket.companyId}-admins`, ticket.queueId ? `queue-${ticket.queueId}` : `company-${ticket.companyId}-noqueue`];
    if (ticket.id) rooms.push(`ticket-${ticket.id}`);
    if (ticket.userId) rooms.push(userRoom(ticket.userId));
    this.server.to(rooms).emit(event, payload);
  }

  async handleDisconnect(socket: Socket): Promise<void> {
    const user = socket.data.user as AuthUser | undefined;
    if (!user) return;
    // Offline only when no socket of this user is left on any server process.
    const left = await this.server.in(userRoom(user.id)).fetchSockets();
    if (left.length === 0) await this.setOnline(user.id, false);
  }

  /**
   * The open conversation (core-operations §7 `joinChatBox`): joins `ticket-<id>` after the same
   * checks as the HTTP API (company, then queue membership for agents); leaves the previous one.
   */
  @SubscribeMessage('joinChatBox')
  async joinChatBox(@ConnectedSocket() socket: Socket, @MessageBody() raw: unknown): Promise<{ ok: boolean }> {
    const user = socket.data.user as AuthUser | undefined;
    const ticketId = Number(raw);
    if (!user || !Number.isInteger(ticketId) || ticketId <= 0) return { ok: false };
    const em = tenantEm(this.orm, user.companyId);
    const ticket = await em.findOne(TicketSchema, { id: ticketId });
    if (!ticket) return { ok: false };
    if (!can(user, 'tickets-manager:showall') && ticket.userId !== user.id) {
      const member = ticket.queueId ? await em.findOne(UserQueueSchema, { userId: user.id, queueId: ticket.queueId }) : null;
      const queueless = !ticket.queueId && (await em.findOne(UserSchema, { id: user.id }, ACROSS_TENANTS))?.allTicket === 'enabled';
      if (!member && !queueless) return { ok: false };
    }
    for (const room of socket.rooms) if (room.startsWith('ticket-')) await socket.leave(room);
    await socket.join(`ticket-${ticketId}`);
    return { ok: true };
  }

  /** Heartbeat every 5 minutes from the shell: records online and last seen (core-operations §4). */
  @SubscribeMessage(USER_STATUS_EVENT)
  async userStatus(@ConnectedSocket() socket: Socket): Promise<{ ok: boolean }> {
    const user = socket.data.user as AuthUser | undefined;
    if (!user) return { ok: false };
    await this.setOnline(user.id, true);
    return { ok: true };
  }

  private async setOnline(userId: number, online: boolean) {
    await this.orm.em.fork().nativeUpdate(UserSchema, { id: userId }, { online, lastSeenAt: new Date() }, ACROSS_TENANTS);
  }

  /**
   * Tells the user's sockets open right now (on every server process) why their session ended, then
   * closes exactly those: a socket the new session opens meanwhile must survive.
   */
  async endUserSockets(userId: number, action: AuthEventAction): Promise<void> {
    const sockets = await this.server.in(userRoom(userId)).fetchSockets();
    for (const s of sockets) s.emit(SOCKET_EVENTS.auth, { action });
    // Give the event a moment to be delivered before the connections close.
    if (sockets.length) setTimeout(() => sockets.forEach((s) => s.disconnect(true)), 300).unref();
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
