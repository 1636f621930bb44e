import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { AppError, BINDING_FIELD_PATTERN, BINDING_FIELDS, HANDLER_BINDINGS, type BindingField, type HandlerBinding } from '@atende/sdk-server';
import { DomainEventsService } from '../events/domain-events.service.js';
import { ChangeFeed } from '../database/change-feed.js';
import { FeedCache } from '../database/feed-cache.js';
import type { Exec } from '../tickets/ticket-dto-sql.js';

/** The stored form of a binding (columns `bound_plugin`, `bound_ref` of whatsapps and queues). */
export interface StoredBinding {
  boundPlugin: string | null;
  boundRef: number | null;
}

/** The API's view of a binding: the specification's fields, and the other declared ones in `bindings`. */
export type BindingFields = { promptId: number | null; integrationId: number | null; bindings?: Record<string, number | null> };
/** A save's binding input, every field by name (the spec's two and the declared ones). */
export type BindingInput = Partial<Record<BindingField, number | null>>;

/** Where a field's error points: the spec's fields are top-level, declared ones sit in `bindings`. */
const pathOf = (f: BindingField) => (BINDING_FIELDS.includes(f) ? f : `bindings.${f}`);

/**
 * Maps the API's `promptId`/`integrationId` to generic handler bindings (plugin id + record id) and
 * back (issue 11 item 2; the SDK's `HANDLER_BINDINGS` says who answers to which field). On save, a
 * field names a record of the plugin registered for it: refused when no such plugin is loaded, when
 * the company's plan lacks it, or when the record is not the company's.
 */
@Injectable()
export class HandlerBindingsService implements OnApplicationBootstrap {
  /**
   * Tickets' bindings by company, connection and queue, kept while the change feed vouches for them: a
   * connection's (`w:`) or a queue's (`q:`, core_0022) binding change makes the entries naming it go.
   * The inbound chain asks for every message while some handler works on bindings.
   */
  private readonly byTicket: FeedCache<string, { whatsappId: number; queueId: number | null; binding: HandlerBinding | null }>;

  constructor(
    private readonly events: DomainEventsService,
    feed: ChangeFeed,
  ) {
    this.byTicket = new FeedCache(feed, { maxAgeMs: 60_000, maxEntries: 20_000 });
    feed.on('w', (id) => this.byTicket.forgetWhere((e) => e.whatsappId === id));
    feed.on('q', (id) => this.byTicket.forgetWhere((e) => e.queueId === id));
  }

  /** Plugins register in onModuleInit; by now all have. Two answering to one field is a setup error. */
  onApplicationBootstrap(): void {
    for (const { key, contribution } of HANDLER_BINDINGS.all()) {
      if (!BINDING_FIELD_PATTERN.test(contribution.field)) throw new Error(`Plugin "${key}": binding field "${contribution.field}" must be camelCase ending in "Id" (flowId).`);
    }
    for (const field of this.fields()) {
      const owners = HANDLER_BINDINGS.all().filter(({ contribution }) => contribution.field === field).map(({ key }) => key);
      if (owners.length > 1) throw new Error(`Plugins ${owners.join(' and ')} both answer to "${field}": one plugin per binding field.`);
    }
  }

  /** The spec's fields and every field a registered plugin answers to. */
  private fields(): BindingField[] {
    return [...new Set([...BINDING_FIELDS, ...HANDLER_BINDINGS.all().map(({ contribution }) => contribution.field)])];
  }

  /** Declared fields beyond the spec's two: answered in `bindings`. */
  private declaredFields(): BindingField[] {
    return this.fields().filter((f) => !BINDING_FIELDS.includes(f));
  }

  private pluginFor(field: BindingField): string | undefined {
    return HANDLER_BINDINGS.all().find(({ contribution }) => contribution.field === field)?.key;
  }

  /** `promptId`/`integrationId` of a stored binding (both null when its plugin is not loaded). */
  toFields(stored: StoredBinding): BindingFields {
    const field = stored.boundPlugin ? HANDLER_BINDINGS.get(stored.boundPlugin)?.field : undefined;
    const declared = this.declaredFields();
    return {
      promptId: field === 'promptId' ? stored.boundRef : null,
      integrationId: field === 'integrationId' ? stored.boundRef : null,
      ...(declared.length ? { bindings: Object.fromEntries(declared.map((f) => [f, field === f ? stored.boundRef : null])) } : {}),
    };
  }

  /** The value a stored binding gives one field (null when bound elsewhere or to a plugin not loaded). */
  private valueOf(stored: StoredBinding, f: BindingField): number | null {
    const field = stored.boundPlugin ? HANDLER_BINDINGS.get(stored.boundPlugin)?.field : undefined;
    return field === f ? stored.boundRef : null;
  }

  /**
   * The binding to store for a (partial) input, or undefined to keep `current`. A record id replaces
   * any binding (one per connection or queue); null clears the binding only when it is that field's.
   */
  async fromInput(companyId: number, input: BindingInput, current: StoredBinding | null): Promise<StoredBinding | undefined> {
    const unknown = Object.keys(input).filter((f) => input[f] !== undefined && !this.fields().includes(f));
    if (unknown.length) throw AppError.validation(unknown.map((f) => ({ path: `bindings.${f}`, message: 'no_plugin' })));
    const given = this.fields().filter((f) => input[f] !== undefined);
    const set = given.filter((f) => input[f] !== null);
    if (set.length > 1) throw AppError.validation([{ path: pathOf(set[1]), message: 'one_binding_only' }]);
    if (set.length === 1) {
      const field = set[0];
      const ref = input[field] as number;
      const plugin = this.pluginFor(field);
      if (!plugin || !(await this.events.allowed(plugin, companyId))) throw AppError.validation([{ path: pathOf(field), message: 'no_plugin' }]);
      if (!(await HANDLER_BINDINGS.get(plugin)!.exists(companyId, ref))) throw AppError.validation([{ path: pathOf(field), message: 'not_found' }]);
      return { boundPlugin: plugin, boundRef: ref };
    }
    // A binding to a plugin no longer loaded shows as null and is cleared by either field's null.
    const cleared = given.some((f) => current?.boundPlugin && (!HANDLER_BINDINGS.get(current.boundPlugin) || this.valueOf(current, f) !== null));
    return cleared ? { boundPlugin: null, boundRef: null } : undefined;
  }

  /**
   * A ticket's binding: its queue's, else its connection's (from memory, else one query by primary
   * keys). Null when neither is bound.
   */
  async ofTicket(exec: Exec, companyId: number, ticket: { whatsappId: number; queueId: number | null }): Promise<HandlerBinding | null> {
    const { whatsappId, queueId } = ticket;
    const kept = await this.byTicket.get(`${companyId}/${whatsappId}/${queueId ?? ''}`, async () => ({ whatsappId, queueId, binding: await this.readBinding(exec, companyId, ticket) }));
    return kept?.binding ?? null;
  }

  private async readBinding(exec: Exec, companyId: number, ticket: { whatsappId: number; queueId: number | null }): Promise<HandlerBinding | null> {
    const [row] = await exec(
      `select q.bound_plugin as queue_plugin, q.bound_ref as queue_ref, w.bound_plugin as connection_plugin, w.bound_ref as connection_ref
         from whatsapps w left join queues q on q.id = ? and q.company_id = w.company_id
        where w.id = ? and w.company_id = ?`,
      [ticket.queueId, ticket.whatsappId, companyId],
    );
    if (row?.queue_plugin) return { plugin: row.queue_plugin as string, ref: row.queue_ref as number, on: 'queue' };
    if (row?.connection_plugin) return { plugin: row.connection_plugin as string, ref: row.connection_ref as number, on: 'connection' };
    return null;
  }
}
