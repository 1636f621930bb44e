import type { ZodType } from 'zod';
import type { Integration } from './schemas.js';

/**
 * The extension point through which integration types are added (issue 33 item 1): the plugin's own
 * types (n8n, webhook, typebot, dialogflow, shopify, flowbuilder) register through it exactly as a third
 * party does. A contributor, in its Nest module's onModuleInit (server side, `@atende/sdk-server`):
 *
 *   createExtensionPoint<IntegrationType>(INTEGRATION_TYPES).register('<plugin id>.<type>', { type: 'my-type', fields, run })
 *
 * and `unregister`s with the returned function in onModuleDestroy. The key is `<plugin id>.<name>`; the
 * first contribution for a `type` is the one used. A type nobody contributes is refused on save (400
 * `ERR_VALIDATION`, path `type`, `unknown_type`).
 */
export const INTEGRATION_TYPES = 'integrations.types';

/** The outbound guard's fetch (the SDK's OUTBOUND_HTTP): https only, no private addresses, no redirects, time and size limits. */
export type GuardedFetch = (url: string, init?: RequestInit & { timeoutMs?: number; maxBytes?: number }) => Promise<Response>;

/** What a type's runtime sees for one customer message (outside the ticket's row lock: it may call out). */
export interface IntegrationRunContext {
  companyId: number;
  integration: Integration & { /** `jsonContent` decrypted (the DTO shows it masked). */ secret: string | null };
  ticket: { id: number; contactId: number; whatsappId: number; queueId: number | null };
  contact: { name: string; number: string };
  message: { id: number; body: string; mediaType: string };
  /** What this type stored for the ticket last time (its remote session…), null at the start. */
  state: unknown;
  /** Every request to a tenant-configured URL goes through it. */
  fetch: GuardedFetch;
  /** The company's HMAC key for signing what is sent to its own endpoints. */
  signingSecret(): Promise<string>;
  /** Platform settings of this plugin (base URLs of the remote services). */
  setting(key: string): Promise<string>;
}

/**
 * One message a runtime sends: a text, or a file of the company (a `MEDIA` url, e.g. an uploaded Shopify
 * option image) with `body` as its caption.
 */
export type IntegrationMessage = string | { body: string; media?: { url: string; name?: string } };

/**
 * What a runtime answers:
 * - `reply`: send `messages` in order (`delayMs` apart), keep holding the ticket with `state` (`done` lets go of it afterwards);
 * - `handover`: give the ticket to a human (its queue, pending) with `reason` recorded and a note on the
 *   ticket saying why (`note`: the words after "…pasó la conversación a un agente: ", in Spanish, the
 *   platform's default language; `reason` when absent);
 * - `pass`: nothing to say (the ticket stays held, state unchanged).
 * Throwing counts as a remote failure: retried a bounded number of times, then a hand-over whose note says
 * why (the time limit, an `HTTP <status>` in the error's message, or the message itself).
 */
export type IntegrationOutcome =
  | { kind: 'reply'; messages: IntegrationMessage[]; state?: unknown; delayMs?: number; done?: boolean }
  | { kind: 'handover'; reason: string; note?: string; messages?: IntegrationMessage[] }
  | { kind: 'pass'; state?: unknown };

/** A type's contribution. Everything but `type` is optional. */
export interface IntegrationType {
  /** The `type` value stored on the integration (lowercase, `-` allowed): `n8n`, `googlesheets-auth`… */
  type: string;
  /**
   * The type's own rules over the whole saved record (after the common ones): a zod schema parsing the
   * record as the API answers it plus `hasSecret` (whether a credential is stored, since `jsonContent` is
   * masked); its issues are answered as 400 `ERR_VALIDATION` with their paths (e.g. Shopify's domain and
   * connection).
   */
  fields?: ZodType;
  /** Fields holding URLs a tenant typed: each is checked by the outbound guard on save (400 `ERR_OUTBOUND_URL_REFUSED`). */
  urlFields?: (keyof Integration)[];
  /** Whether `jsonContent` is a credential (stored encrypted, answered masked). */
  secretJson?: boolean;
  /** The inbound runtime: called by the plugin's job for each customer message on a bound queue or connection. */
  run?(ctx: IntegrationRunContext): Promise<IntegrationOutcome>;
  /**
   * Act inside the inbound chain first (no remote call allowed there), with the chain's context
   * (`InboundChainContext` of `@atende/sdk-server`, typed loosely so this contract needs no server SDK):
   * `handled` / `pass` end there; `run` goes on as without it (the ticket claimed, `run` called from the
   * job). The flowbuilder type starts the bound flow through the flow builder's `FLOW_STARTER`; Shopify
   * starts an option's flow.
   */
  inChain?(ctx: unknown, integration: Integration): Promise<'handled' | 'pass' | 'run'>;
  /** `testSession`: try the credentials without saving. */
  test?(ctx: Omit<IntegrationRunContext, 'ticket' | 'contact' | 'message' | 'state'>): Promise<{ ok: boolean; message: string }>;
}

/**
 * Which integrations a company has, for plugins that keep data per integration (the google-sheets
 * plugin's tokens): the integrations plugin registers `find` under the key `integrations`. Another
 * company's id, or an unknown one, answers null.
 *
 *   createExtensionPoint<IntegrationDirectory>(INTEGRATION_DIRECTORY).get('integrations')?.find(companyId, id)
 */
export const INTEGRATION_DIRECTORY = 'integrations.directory';
export interface IntegrationDirectory {
  find(companyId: number, integrationId: number): Promise<{ id: number; name: string; type: string } | null>;
}
