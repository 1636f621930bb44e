import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { companySettingDefault, type CompanySettingKey, type Language, type UserCreate, type UserDto, type UserUpdate } from '@atende/core-contract';
import { AppError, REALTIME, type RealtimePublisher, containsPattern } from '@atende/sdk-server';
import { QueueSchema, UserQueueSchema } from '../queues/queue.entity.js';
import { SettingSchema } from '../settings/setting.entity.js';
import { UserSchema, type User } from './user.entity.js';
import { WhatsappSchema } from '../connections/whatsapp.entity.js';
import { TicketSchema } from '../tickets/ticket.entity.js';
import { ACROSS_TENANTS } from '../tenancy/tenant-filter.js';
import { hashPassword, verifyPassword } from '../auth/password.js';
import { RateLimiter, ownPasswordLimits } from '../auth/rate-limiter.js';
import { SessionsService } from '../auth/sessions.service.js';
import { PlanLimitsService } from '../platform/plan-limits.service.js';
import { DomainEventsService } from '../events/domain-events.service.js';

const PAGE_SIZE = 20;

/** Users of the caller's company. Every query here runs under the tenant filter set by the auth guard. */
@Injectable()
export class UsersService {
  constructor(
    private readonly em: EntityManager,
    private readonly sessions: SessionsService,
    private readonly limits: PlanLimitsService,
    private readonly limiter: RateLimiter,
    @Inject(REALTIME) private readonly realtime: RealtimePublisher,
    private readonly events: DomainEventsService,
  ) {}

  async toDtos(users: User[]): Promise<UserDto[]> {
    const links = users.length ? await this.em.find(UserQueueSchema, { userId: { $in: users.map((u) => u.id) } }) : [];
    const queues = links.length ? await this.em.find(QueueSchema, { id: { $in: [...new Set(links.map((l) => l.queueId))] } }) : [];
    const byId = new Map(queues.map((q) => [q.id, { id: q.id, name: q.name, color: q.color }]));
    return users.map((u) => ({
      id: u.id,
      name: u.name,
      email: u.email,
      profile: u.profile,
      super: u.super,
      enabled: u.enabled,
      allTicket: u.allTicket,
      whatsappId: u.whatsappId ?? null,
      queues: links.filter((l) => l.userId === u.id && byId.has(l.queueId)).map((l) => byId.get(l.queueId)!),
      language: u.language ?? null,
      online: u.online,
      lastSeenAt: u.lastSeenAt ? u.lastSeenAt.toISOString() : null,
      createdAt: u.createdAt.toISOString(),
      companyId: u.companyId,
    }));
  }

  async toDto(u: User): Promise<UserDto> {
    return (await this.toDtos([u]))[0];
  }

  async page(searchParam: string, pageNumber: number) {
    const like = containsPattern(searchParam);
    const where = searchParam ? { $or: [{ name: { $ilike: like } }, { email: { $ilike: like } }] } : {};
    const [rows, count] = await this.em.findAndCount(UserSchema, where, {
      orderBy: { name: 'asc', id: 'asc' },
      limit: PAGE_SIZE,
      offset: (pageNumber - 1) * PAGE_SIZE,
    });
    return { users: await this.toDtos(rows), count, hasMore: count > pageNumber * PAGE_SIZE };
  }

  async names(): Promise<{ id: number; name: string }[]> {
    const rows = await this.em.find(UserSchema, { enabled: true }, { orderBy: { name: 'asc' }, fields: ['id', 'name'] });
    return rows.map((u) => ({ id: u.id, name: u.name }));
  }

  async get(id: number): Promise<User> {
    const u = await this.em.findOne(UserSchema, { id });
    if (!u) throw AppError.notFound('ERR_NO_USER_FOUND');
    return u;
  }

  async create(companyId: number, input: Required<Omit<UserCreate, 'whatsappId'>> & { whatsappId: number | null }): Promise<UserDto> {
    const user = await this.limits.createWithin(companyId, 'users', UserSchema, () => this.insert(companyId, input));
    // After the plan-limit transaction committed.
    this.events.emit('user.created', companyId, { userId: user.id, profile: user.profile });
    return user;
  }

  private async insert(companyId: number, input: Required<Omit<UserCreate, 'whatsappId'>> & { whatsappId: number | null }): Promise<UserDto> {
    await this.assertEmailFree(input.email);
    await this.assertQueues(input.queueIds);
    await this.assertConnection(input.whatsappId);
    const user = this.em.create(UserSchema, {
      companyId,
      name: input.name,
      email: input.email,
      passwordHash: await hashPassword(input.password),
      profile: input.profile,
      allTicket: input.allTicket,
      whatsappId: input.whatsappId,
      enabled: input.enabled,
      super: false,
      language: null,
    });
    await this.em.flush();
    await this.setQueues(user.id, input.queueIds);
    return this.publish(user);
  }

  /** `full` is an admin editing; otherwise a user editing themself (name, e-mail, password only). */
  async update(actorId: number, id: number, input: UserUpdate, full: boolean): Promise<UserDto> {
    const user = await this.get(id);
    if (user.super && actorId !== id) throw AppError.notFound('ERR_NO_USER_FOUND');
    const changesEmail = !!input.email && input.email !== user.email;
    if (actorId === id && (changesEmail || input.password)) await this.confirmCurrentPassword(user, input.currentPassword);
    if (changesEmail) await this.assertEmailFree(input.email!);
    if (full && actorId === id && ((input.profile && input.profile !== user.profile && !user.super) || input.enabled === false)) {
      throw new AppError('ERR_CANNOT_CHANGE_OWN_ACCOUNT', 400);
    }
    let revoke: 'revoked' | null = null;
    if (input.name !== undefined) user.name = input.name;
    if (input.email !== undefined) user.email = input.email;
    if (input.password) {
      user.passwordHash = await hashPassword(input.password);
      revoke = 'revoked';
    }
    if (full) {
      if (input.queueIds) await this.assertQueues(input.queueIds);
      await this.assertConnection(input.whatsappId);
      if (!user.super && input.profile) user.profile = input.profile;
      if (input.allTicket) user.allTicket = input.allTicket;
      if (input.whatsappId !== undefined) user.whatsappId = input.whatsappId;
      if (input.enabled !== undefined && input.enabled !== user.enabled) {
        user.enabled = input.enabled;
        if (!input.enabled) revoke = 'revoked';
      }
    }
    await this.em.flush();
    if (full && input.queueIds) await this.setQueues(user.id, input.queueIds);
    // A new password or a disabled account ends every session of that user at once.
    if (revoke) await this.sessions.revokeAll(user, revoke);
    else await this.sessions.refreshAccess(user.id);
    // Which fields were asked to change (never their values: a password stays out of every event).
    const fields = Object.keys(input).filter((k) => k !== 'currentPassword' && input[k as keyof UserUpdate] !== undefined);
    this.events.emit('user.updated', user.companyId, { userId: user.id, fields });
    return this.publish(user);
  }

  async remove(actorId: number, id: number): Promise<void> {
    if (actorId === id) throw new AppError('ERR_CANNOT_CHANGE_OWN_ACCOUNT', 400);
    const user = await this.get(id);
    if (user.super) throw AppError.notFound('ERR_NO_USER_FOUND');
    // Their open tickets go back to their queue, waiting for another agent (core-operations §6).
    const returned = await this.em.find(TicketSchema, { userId: id, status: 'open', companyId: user.companyId }, { fields: ['id'] });
    await this.em.nativeUpdate(TicketSchema, { userId: id, status: 'open', companyId: user.companyId }, { userId: null, status: 'pending' });
    await this.em.remove(user).flush();
    for (const t of returned) {
      this.events.emit('ticket.updated', user.companyId, { ticketId: t.id, changes: { status: { before: 'open', after: 'pending' }, userId: { before: id, after: null } } });
    }
    await this.sessions.revokeAll(user, 'revoked').catch(() => undefined);
    this.events.emit('user.deleted', user.companyId, { userId: id });
    this.realtime.toCompany(user.companyId, 'user', { action: 'delete', userId: id });
  }

  /** A company option of the caller's company (tenant filter), or its default. */
  async companyOption(key: CompanySettingKey): Promise<string> {
    return (await this.em.findOne(SettingSchema, { key }))?.value ?? companySettingDefault(key);
  }

  async setLanguage(id: number, language: Language): Promise<void> {
    await this.em.nativeUpdate(UserSchema, { id }, { language });
  }

  /**
   * Own password or e-mail change: the current password must come with it (400 when missing, 403
   * ERR_WRONG_CURRENT_PASSWORD when wrong). Wrong guesses count against the user's sign-in limit.
   */
  private async confirmCurrentPassword(user: User, currentPassword: string | undefined): Promise<void> {
    if (!currentPassword) {
      throw new AppError('ERR_VALIDATION', 400, 'The current password is required to change your password or e-mail.', [
        { path: ['currentPassword'], message: 'required' },
      ]);
    }
    const limits = ownPasswordLimits(user.id);
    await this.limiter.consume(limits);
    await this.em.populate(user, ['passwordHash']); // a lazy column: never loaded with the user
    if (!(await verifyPassword(currentPassword, user.passwordHash ?? ''))) throw new AppError('ERR_WRONG_CURRENT_PASSWORD', 403);
    await this.limiter.giveBack(limits);
  }

  private async publish(user: User): Promise<UserDto> {
    const dto = await this.toDto(user);
    this.realtime.toCompany(user.companyId, 'user', { action: 'update', user: dto });
    return dto;
  }

  private async assertEmailFree(email: string) {
    if (await this.em.findOne(UserSchema, { email }, ACROSS_TENANTS)) throw AppError.conflict('ERR_EMAIL_IN_USE');
  }

  /** The default connection must be one of the company's own (another company's id is "not found"). */
  private async assertConnection(whatsappId: number | null | undefined) {
    if (whatsappId != null && !(await this.em.findOne(WhatsappSchema, { id: whatsappId }))) throw AppError.notFound('ERR_NO_WAPP_FOUND');
  }

  /** Queue ids must be the company's own: another company's ids are "not found". */
  private async assertQueues(ids: number[]) {
    const unique = [...new Set(ids)];
    if (!unique.length) return;
    if ((await this.em.count(QueueSchema, { id: { $in: unique } })) !== unique.length) throw AppError.notFound('ERR_NO_QUEUE_FOUND');
  }

  private async setQueues(userId: number, queueIds: number[]) {
    await this.em.nativeDelete(UserQueueSchema, { userId });
    for (const queueId of new Set(queueIds)) this.em.create(UserQueueSchema, { userId, queueId });
    await this.em.flush();
  }
}
