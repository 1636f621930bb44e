import { createExtensionPoint } from './extension-point.js';

/**
 * Handler bindings (issue 11 item 2): a connection or a queue can be bound to one plugin's record (an
 * AI prompt, a queue integration, a flow…): the binding is the plugin id and the record's id, nothing
 * more, and the kernel stores it in place of the old `integration_id`/`prompt_id` columns.
 *
 * The connection and queue APIs keep the specification's field names: `promptId` and `integrationId`.
 * A plugin that owns such records registers which field it answers to, and how to tell that a record
 * exists in a company (the kernel refuses ids of another company, or of a plugin the plan lacks):
 *
 *   HANDLER_BINDINGS.register('ai', { field: 'promptId', exists: (companyId, id) => … });
 *
 * The key is the plugin id. The bound plugin's inbound handlers marked `bound: true` then see, on a
 * ticket of that queue or connection, `ctx.binding` (the queue's binding wins over the connection's).
 */
/**
 * The API field naming a plugin's records: the spec's `promptId` or `integrationId`, or a field the
 * plugin declares (`flowId`: camelCase ending in `Id`), sent and answered in the connection's or
 * queue's `bindings` map (issue 29 item 3).
 */
export type BindingField = 'promptId' | 'integrationId' | (string & {});

/** The specification's binding fields, top-level in the connection and queue payloads. */
export const BINDING_FIELDS: readonly BindingField[] = ['promptId', 'integrationId'];
/** What a declared binding field looks like. */
export const BINDING_FIELD_PATTERN = /^[a-z][A-Za-z0-9]*Id$/;

/** What a plugin registers in HANDLER_BINDINGS: the field it answers to and how to check a record of a company. */
export interface BindingTarget {
  /** The API field (of connections and queues) that names this plugin's records. One plugin per field. */
  field: BindingField;
  /** Whether record `id` exists and belongs to company `companyId` (checked on every save). */
  exists(companyId: number, id: number): Promise<boolean>;
}

/** A queue's or connection's binding, as a bound handler sees it. */
export interface HandlerBinding {
  /** The plugin the record belongs to. */
  plugin: string;
  /** The record's id in that plugin. */
  ref: number;
  /** Where the binding came from: the ticket's queue, else its connection. */
  on: 'queue' | 'connection';
}

/** Binding targets, by plugin id. */
export const HANDLER_BINDINGS = createExtensionPoint<BindingTarget>('kernel.handler-bindings');
