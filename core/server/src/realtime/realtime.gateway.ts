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
import { PLATFORM_ROOM, SOCKET_EVENTS, type SocketPayload, SUPER_ROOM, linkersRoom, USER_STATUS_EVENT, companyRoom, userRoom, type AuthEventAction, type PlanFeature } from '@atende/core-contract';
import { AppError, type AuthUser, type RealtimeAudience, type RealtimePublisher } from '@atende/sdk-server';
import { UserSchema } from '../users/user.entity.js';
import { ACROSS_TENANTS, tenantEm } from '../tenancy/tenant-filter.js';
import { AuthGuard } from '../auth/auth.guard.js';
import { mayLink } from '../connections/link-codes.js';
import type { Exec } from '../tickets/ticket-dto-sql.js';
import { maySeeTicket, ticketViewer } from '../tickets/ticket-visibility.js';
import { PluginRegistry } from '../plugins/plugin-registry.js';
import { CompanyPlanService } from '../platform/company-plan.service.js';
import { DomainEventsService } from '../events/domain-events.service.js';
import { permissionRooms, profileRooms } from './audience.js';
import { OrderedGate } from './ordered-gate.js';

/** setTimeout's ceiling (about 24.8 days); a later expiry is reached in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Authenticates each socket with the access token (handshake auth.token or query token) and joins it
 * to its company room, its user room, its profile rooms and the platform room. Clients cannot join rooms themselves.
 * Authorization is not decided once: a socket ends when its token expires, and when a user's profile,
 * queues or allTicket change their sockets' rooms are recomputed on every server process
 * (refreshUserRooms, through the Redis adapter).
 */
@WebSocketGateway()
export class RealtimeGateway implements OnGatewayConnection, OnGatewayDisconnect, RealtimePublisher {
  private readonly logger = new Logger('Realtime');
  @WebSocketServer() server!: Server;
  /** Token-expiry timers of this process's sockets, by socket id (kept out of socket.data, which travels). */
  private readonly expiries = new Map<string, NodeJS.Timeout>();
  /** Emits that wait for a company's plan flags, in order per company or user. */
  readonly gate = new OrderedGate((err) => this.logger.warn(`A plan-gated event was not sent: ${err instanceof Error ? err.message : String(err)}`));

  constructor(
    private readonly auth: AuthGuard,
    private readonly orm: MikroORM,
    private readonly registry: PluginRegistry,
    private readonly plans: CompanyPlanService,
    private readonly events: DomainEventsService,
  ) {}

  async handleConnection(socket: Socket): Promise<void> {
    const raw = (socket.handshake.auth as { token?: unknown })?.token ?? socket.handshake.query.token;
    const token = typeof raw === 'string' ? raw : '';
    try {
      const { user, expiresAt } = await RequestContext.create(this.orm.em, () => this.auth.authenticate(token));
      socket.data.user = user;
      await socket.join(await this.roomsOf(user));
      await this.setOnline(user, true);
      this.endAtExpiry(socket, expiresAt * 1000);
      socket.emit('ready', { companyId: user.companyId, userId: user.id });
    } catch (err) {
      const code = err instanceof AppError ? err.code : 'ERR_INVALID_TOKEN';
      if (!(err instanceof AppError)) this.logger.error(err);
      socket.emit(SOCKET_EVENTS.auth, { action: code === 'ERR_SESSION_EXPIRED' ? 'expired' : 'invalid', error: code });
      socket.disconnect(true);
    }
  }

  /** Every room a user's socket belongs in, from what they may see right now. */
  private async roomsOf(user: AuthUser): Promise<string[]> {
    return [
      companyRoom(user.companyId),
      userRoom(user.id),
      // Permission-restricted company events (toCompany with an audience) reach these by profile.
      ...profileRooms(user),
      PLATFORM_ROOM,
      ...(user.super ? [SUPER_ROOM] : []),
      ...(mayLink(user) ? [linkersRoom(user.companyId)] : []),
      ...(await this.ticketRooms(user)),
    ];
  }

  /**
   * The token is checked once, at connection: the socket ends when it expires, told `expired` first
   * so the shell refreshes and reconnects with a new token (core-operations §4).
   */
  private endAtExpiry(socket: Socket, at: number): void {
    if (socket.disconnected) return;
    const wait = at - Date.now();
    const timer = setTimeout(() => {
      if (wait > MAX_TIMER_MS) return this.endAtExpiry(socket, at);
      this.expiries.delete(socket.id);
      socket.emit(SOCKET_EVENTS.auth, { action: 'expired', error: 'ERR_SESSION_EXPIRED' });
      setTimeout(() => socket.disconnect(true), 300).unref();
    }, Math.max(0, Math.min(wait, MAX_TIMER_MS)));
    timer.unref();
    this.expiries.set(socket.id, timer);
  }

  /**
   * Recomputes the rooms of a user's open sockets, on every server process, after their profile,
   * queues or allTicket changed: rooms they may no longer be in are left (an open conversation too,
   * unless it is still theirs to see), new ones joined. A user who may no longer sign in is cut off.
   */
  async refreshUserRooms(userId: number): Promise<void> {
    const sockets = await this.server.in(userRoom(userId)).fetchSockets();
    if (!sockets.length) return;
    const user = await this.currentUser(userId);
    if (!user) return this.endUserSockets(userId, 'revoked');
    const wanted = await this.roomsOf(user);
    for (const s of sockets) {
      for (const room of s.rooms) {
        if (room === s.id || wanted.includes(room)) continue;
        const ticketId = room.startsWith('ticket-') ? Number(room.slice('ticket-'.length)) : NaN;
        if (Number.isInteger(ticketId) && (await this.mayOpenTicket(user, ticketId))) continue;
        s.leave(room);
      }
      s.join(wanted);
    }
  }

  /** The user as they are now (profile, company), or null when they may no longer be signed in. */
  private async currentUser(userId: number): Promise<AuthUser | null> {
    const [row] = await this.orm.em
      .fork()
      .getConnection()
      .execute(
        `select u.id, u.company_id, u.profile, u.super, u.enabled, c.status, c.is_platform
           from users u join companies c on c.id = u.company_id where u.id = ?`,
        [userId],
      );
    if (!row || !row.enabled || (!row.status && !row.is_platform)) return null;
    return { id: row.id as number, companyId: row.company_id as number, profile: row.profile as AuthUser['profile'], super: row.super as boolean };
  }

  /** Same rule as the HTTP API: admins see all; others their queues' tickets, their own, and queueless ones if allowed. */
  private async mayOpenTicket(user: AuthUser, ticketId: number): Promise<boolean> {
    const exec: Exec = (sql, params) => tenantEm(this.orm, user.companyId).getConnection().execute(sql, params);
    return maySeeTicket(exec, await ticketViewer(exec, user), ticketId).catch(() => false);
  }

  /**
   * Ticket events go only to who may see the ticket: the company's admins, the members of its queue
   * (or, for queueless tickets, users allowed to see them), and the assigned user.
   */
  private async ticketRooms(user: AuthUser): Promise<string[]> {
    // The same viewer as the lists and the HTTP API (tickets/ticket-visibility.ts); own tickets reach the user's room.
    const exec: Exec = (sql, params) => tenantEm(this.orm, user.companyId).getConnection().execute(sql, params);
    const viewer = await ticketViewer(exec, user).catch(() => null);
    if (!viewer) return [];
    if (!viewer.queueIds) return [`company-${user.companyId}-admins`];
    return [...viewer.queueIds.map((id) => `queue-${id}`), ...(viewer.queueless ? [`company-${user.companyId}-noqueue`] : [])];
  }

  toTicketAudience<K extends string>(ticket: { id?: number; companyId: number; queueId?: number | null; userId?: number | null }, event: K, payload: SocketPayload<K>): void {
    const rooms = [`company-${ticket.companyId}-admins`, ticket.queueId ? `queue-${ticket.queueId}` : `company-${ticket.companyId}-noqueue`];
    if (ticket.id) rooms.push(`ticket-${ticket.id}`);
    if (ticket.userId) rooms.push(userRoom(ticket.userId));
    this.server.to(rooms).emit(event, payload);
  }

  async handleDisconnect(socket: Socket): Promise<void> {
    clearTimeout(this.expiries.get(socket.id));
    this.expiries.delete(socket.id);
    const user = socket.data.user as AuthUser | undefined;
    if (!user) return;
    // Offline only when no socket of this user is left on any server process.
    const left = await this.server.in(userRoom(user.id)).fetchSockets();
    if (left.length === 0) await this.setOnline(user, false);
  }

  /**
   * The open conversation (core-operations §7 `joinChatBox`): joins `ticket-<id>` after the same
   * checks as the HTTP API (company, then queue membership for agents); leaves the previous one.
   */
  @SubscribeMessage('joinChatBox')
  async joinChatBox(@ConnectedSocket() socket: Socket, @MessageBody() raw: unknown): Promise<{ ok: boolean }> {
    const connected = socket.data.user as AuthUser | undefined;
    const ticketId = Number(raw);
    if (!connected || !Number.isInteger(ticketId) || ticketId <= 0) return { ok: false };
    // The user as they are now: socket.data holds the profile of when the socket connected.
    const user = await this.currentUser(connected.id);
    if (!user || !(await this.mayOpenTicket(user, ticketId))) return { ok: false };
    for (const room of socket.rooms) if (room.startsWith('ticket-')) await socket.leave(room);
    await socket.join(`ticket-${ticketId}`);
    return { ok: true };
  }

  /**
   * After a ticket moved (queue or user), the sockets that had it open and may no longer see it leave
   * its room: a transfer out of an agent's queues stops its messages reaching that agent.
   */
  async recheckTicketRoom(ticketId: number): Promise<void> {
    const room = `ticket-${ticketId}`;
    for (const s of await this.server.in(room).fetchSockets()) {
      const connected = s.data.user as AuthUser | undefined;
      const user = connected ? await this.currentUser(connected.id) : null;
      if (!user || !(await this.mayOpenTicket(user, ticketId))) s.leave(room);
    }
  }

  /** Heartbeat every 5 minutes from the shell: records online and last seen (core-operations §4). */
  @SubscribeMessage(USER_STATUS_EVENT)
  async userStatus(@ConnectedSocket() socket: Socket): Promise<{ ok: boolean }> {
    const user = socket.data.user as AuthUser | undefined;
    if (!user) return { ok: false };
    await this.setOnline(user, true);
    return { ok: true };
  }

  /**
   * Records online and last seen; when `online` really changed (the update's condition), tells
   * `user.presence` so screens showing who is connected move at once. The condition makes the
   * change atomic: two sockets opening together tell it once.
   */
  private async setOnline(user: AuthUser, online: boolean) {
    const em = this.orm.em.fork();
    const changed = await em.nativeUpdate(UserSchema, { id: user.id, online: !online }, { online, lastSeenAt: new Date() }, ACROSS_TENANTS);
    if (changed) this.events.emit('user.presence', user.companyId, { userId: user.id, online });
    else await em.nativeUpdate(UserSchema, { id: user.id }, { lastSeenAt: new Date() }, ACROSS_TENANTS);
  }

  /**
   * The company's users with a socket open now, on every server process (the PRESENCE port): read
   * from the sockets in the company's room, never from the `online` column a crashed process leaves set.
   */
  async onlineUsers(companyId: number): Promise<number[]> {
    const sockets = await this.server.in(companyRoom(companyId)).fetchSockets();
    const ids = new Set<number>();
    for (const s of sockets) {
      const user = s.data.user as AuthUser | undefined;
      if (user?.companyId === companyId) ids.add(user.id);
    }
    return [...ids].sort((a, b) => a - b);
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

  toCompany<K extends string>(companyId: number, event: K, payload: SocketPayload<K>, audience?: RealtimeAudience): void {
    this.emitToCompany(companyId, event, payload, audience);
  }

  /**
   * toCompany with the caller's own plan flag (a plugin's instance, plugin-realtime.ts) added to the
   * flag of the plugin that owns the audience's permission. Without a flag the event leaves at once;
   * with one, only after the company's plan was read (and not at all if it lacks the flag).
   */
  emitToCompany<K extends string>(companyId: number, event: K, payload: SocketPayload<K>, audience: RealtimeAudience | undefined, callerFlag?: PlanFeature): void {
    const rooms = audience ? permissionRooms(companyId, audience.permission, this.registry.permissions) : [companyRoom(companyId)];
    // `to([])` would broadcast to every socket: a permission nobody holds sends nothing.
    if (!rooms.length) return;
    const emit = () => void this.server.to(rooms).emit(event, payload);
    const flags = audience?.withoutPlanFlag
      ? []
      : [callerFlag, audience && this.registry.pluginOfPermission(audience.permission)?.planFlag].filter((f): f is PlanFeature => !!f);
    if (!flags.length) return emit();
    this.gate.run(`company-${companyId}`, () => this.hasFlags(companyId, flags), emit);
  }

  toUser<K extends string>(userId: number, event: K, payload: SocketPayload<K>): void {
    this.emitToUser(userId, event, payload);
  }

  /** toUser with the caller's plan flag: sent only while the user's company plan has it. */
  emitToUser<K extends string>(userId: number, event: K, payload: SocketPayload<K>, callerFlag?: PlanFeature): void {
    const emit = () => void this.server.to(userRoom(userId)).emit(event, payload);
    if (!callerFlag) return emit();
    this.gate.run(`user-${userId}`, async () => {
      const [row] = await this.orm.em.fork().getConnection().execute('select company_id from users where id = ?', [userId]);
      return !!row && (await this.hasFlags(row.company_id as number, [callerFlag]));
    }, emit);
  }

  private async hasFlags(companyId: number, flags: PlanFeature[]): Promise<boolean> {
    const plan = await this.plans.flagsOf(companyId);
    return flags.every((f) => plan[f]);
  }

  toPlatform<K extends string>(event: K, payload: SocketPayload<K>): void {
    this.server.to(PLATFORM_ROOM).emit(event, payload);
  }
  /** One event in two versions: the full one to the company's linkers, the redacted one to everyone else there. */
  toCompanySplit<K extends string>(companyId: number, event: K, forLinkers: SocketPayload<K>, forOthers: SocketPayload<K>): void {
    this.server.to(linkersRoom(companyId)).emit(event, forLinkers);
    this.server.to(companyRoom(companyId)).except(linkersRoom(companyId)).emit(event, forOthers);
  }
  toSuperUsers<K extends string>(event: K, payload: SocketPayload<K>): void {
    this.server.to(SUPER_ROOM).emit(event, payload);
  }
}
