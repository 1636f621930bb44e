import { definePluginManifest, endpoint, type blobResponse, type formDataBody } from '@atende/core-contract';
import type { z } from 'zod';
import type {
  flowCampaignInputSchema,
  flowCampaignListSchema,
  flowCampaignSchema,
  flowCampaignUpdateSchema,
  flowCreateSchema,
  flowDrawingSchema,
  flowDuplicateSchema,
  flowImportSchema,
  flowListQuerySchema,
  flowMediaSchema,
  flowPageSchema,
  flowSaveSchema,
  flowSchema,
  flowUpdateSchema,
  keywordInputSchema,
  keywordSchema,
  keywordUpdateSchema,
} from './schemas.js';
import type { FlowNode } from './nodes.js';
import type { NodeType } from './constants.js';

export * from './constants.js';
export * from './nodes.js';
export * from './schemas.js';

/**
 * Flows, keywords and phrase triggers (automation-productivity §2–§9). The spec: "campaigns, phrase lists
 * and flows are admin-only in the menu and need a plan that allows campaigns": plan flag `useCampaigns`,
 * admins. Keywords are a core private route instead (core-operations §2: /keywords; §6 names no role or
 * plan flag for them): every profile, every plan (`withoutPlanFlag`). Their dialog lists the flows
 * (§7 "GET /flowbuilder -> flows"), so that list is readable with `flowbuilder:keywords` (on plans with flows).
 */
export const FLOWBUILDER_PERMISSIONS = {
  'flowbuilder:read': ['admin', 'super'],
  'flowbuilder:write': ['admin', 'super'],
  'flowbuilder:keywords': ['user', 'supervisor', 'admin', 'super'],
} as const;

export const FLOWBUILDER_MANIFEST = definePluginManifest({
  pages: {
    list: { path: '/flowbuilders', permission: 'flowbuilder:read' },
    canvas: { path: '/flowbuilder/:id', permission: 'flowbuilder:read' },
    keywords: { path: '/keywords', permission: 'flowbuilder:keywords', withoutPlanFlag: true },
    phrases: { path: '/phrase-lists', permission: 'flowbuilder:read' },
  },
  menu: [
    { page: 'list', icon: 'api', permission: 'flowbuilder:read', label: { es: 'Flujos de conversación', pt: 'Fluxos de conversa', en: 'Conversation flows' } },
    { page: 'phrases', icon: 'thunderbolt', permission: 'flowbuilder:read', label: { es: 'Activadores', pt: 'Ativadores', en: 'Phrase triggers' } },
    { page: 'keywords', icon: 'key', permission: 'flowbuilder:keywords', label: { es: 'Palabras clave', pt: 'Palavras-chave', en: 'Keywords' } },
  ],
  // REVINCULAR binds every connection to the chosen flow; a connection's or a queue's flow is chosen in its modal.
  zones: ['connections.page.actions', 'connection.modal.fields', 'queue.modal.tabs'],
});

/** Plugin error codes, beside the kernel's ERR_VALIDATION, ERR_NO_PERMISSION, ERR_MEDIA_*, ERR_NO_KEYWORD_FOUND, ERR_KEYWORD_ALREADY_EXISTS. */
export const FLOWBUILDER_ERRORS = {
  flowNotFound: 'ERR_FLOW_NOT_FOUND',
  flowCampaignNotFound: 'ERR_FLOW_CAMPAIGN_NOT_FOUND',
  keywordNotFound: 'ERR_NO_KEYWORD_FOUND',
  keywordExists: 'ERR_KEYWORD_ALREADY_EXISTS',
  /** 400: the file is neither an encrypted export this platform can open nor `{name, flow}` ('El archivo no tiene el formato correcto'). */
  importFormat: 'ERR_FLOW_IMPORT_FORMAT',
  /** 404: a tag, queue, user or connection named in the request is not the company's. */
  tagNotFound: 'ERR_TAG_NOT_FOUND',
} as const;

/** Global (super-user) setting holding the export key: generated on first export or import, or set (32+ characters) by a super user. */
export const FLOW_EXPORT_KEY_SETTING = 'flowbuilder.exportKey';

/** Live updates to the company's users (§7 Realtime "keywords"; every profile may open the page). */
export const KEYWORD_EVENT = 'keyword';
export type KeywordEvent = { action: 'create' | 'update'; keyword: z.infer<typeof keywordSchema> } | { action: 'delete'; keywordId: number };

/** The API, typed for the web's `call()`; the server test checks each one is served. Paths under /api. */
export const FLOWBUILDER_ENDPOINTS = {
  list: endpoint<{ query: typeof flowListQuerySchema; response: typeof flowPageSchema }>()({ method: 'GET', path: '/flowbuilder' }),
  create: endpoint<{ body: typeof flowCreateSchema; response: typeof flowSchema }>()({ method: 'POST', path: '/flowbuilder' }),
  update: endpoint<{ body: typeof flowUpdateSchema; response: typeof flowSchema }>()({ method: 'PUT', path: '/flowbuilder' }),
  remove: endpoint()({ method: 'DELETE', path: '/flowbuilder/:id' }),
  duplicate: endpoint<{ body: typeof flowDuplicateSchema; response: typeof flowSchema }>()({ method: 'POST', path: '/flowbuilder/duplicate' }),
  /** The file; its name in Content-Disposition. */
  export: endpoint<{ response: typeof blobResponse }>()({ method: 'GET', path: '/flowbuilder/export/:id', blob: true }),
  import: endpoint<{ body: typeof flowImportSchema; response: typeof flowSchema }>()({ method: 'POST', path: '/flowbuilder/import' }),
  getFlow: endpoint<{ response: typeof flowDrawingSchema }>()({ method: 'GET', path: '/flowbuilder/flow/:id' }),
  saveFlow: endpoint<{ body: typeof flowSaveSchema; response: typeof flowDrawingSchema }>()({ method: 'POST', path: '/flowbuilder/flow' }),
  /** Multipart: one file in `medias` per request (the Media port takes one file a request) → a one-item list of its stored name and url. */
  uploadContent: endpoint<{ body: typeof formDataBody; response: z.ZodArray<typeof flowMediaSchema> }>()({ method: 'POST', path: '/flowbuilder/content' }),
  /** Multipart: one `medias` image (png/jpg/jpeg, 2 MB). */
  uploadImage: endpoint<{ body: typeof formDataBody; response: typeof flowMediaSchema }>()({ method: 'POST', path: '/flowbuilder/img' }),
  /** Multipart: one `medias` audio (ogg/mp3/opus, 5 MB); `record=true` keeps it as a voice note. */
  uploadAudio: endpoint<{ body: typeof formDataBody; response: typeof flowMediaSchema }>()({ method: 'POST', path: '/flowbuilder/audio' }),
};

export const KEYWORD_ENDPOINTS = {
  list: endpoint<{ response: z.ZodArray<typeof keywordSchema> }>()({ method: 'GET', path: '/keywords' }),
  show: endpoint<{ response: typeof keywordSchema }>()({ method: 'GET', path: '/keywords/:id' }),
  create: endpoint<{ body: typeof keywordInputSchema; response: typeof keywordSchema }>()({ method: 'POST', path: '/keywords' }),
  update: endpoint<{ body: typeof keywordUpdateSchema; response: typeof keywordSchema }>()({ method: 'PUT', path: '/keywords/:id' }),
  remove: endpoint()({ method: 'DELETE', path: '/keywords/:id' }),
};

export const FLOW_CAMPAIGN_ENDPOINTS = {
  list: endpoint<{ response: typeof flowCampaignListSchema }>()({ method: 'GET', path: '/flowcampaign' }),
  show: endpoint<{ response: typeof flowCampaignSchema }>()({ method: 'GET', path: '/flowcampaign/:id' }),
  create: endpoint<{ body: typeof flowCampaignInputSchema; response: typeof flowCampaignSchema }>()({ method: 'POST', path: '/flowcampaign' }),
  update: endpoint<{ body: typeof flowCampaignUpdateSchema; response: typeof flowCampaignSchema }>()({ method: 'PUT', path: '/flowcampaign' }),
  /** Deleting needs `contacts-page:deleteContact` too (§6). */
  remove: endpoint()({ method: 'DELETE', path: '/flowcampaign/:id' }),
};

// ---------- Runtime: the node executors' extension point ----------

/**
 * The extension point id through which plugins add node executors (AI → `openai`, integrations →
 * `typebot`, `googlesheets`). A contributor, in its module's onModuleInit:
 *
 *   createExtensionPoint<NodeExecutor>(FLOW_NODE_EXECUTORS).register('ai.openai', { type: 'openai', execute })
 *
 * The key is `<plugin id>.<name>`; a contribution for a type the flow builder already executes wins
 * over the built-in one only if the built-in is absent (built-ins are registered as `flowbuilder.<type>`,
 * first one registered for a type is used).
 */
export const FLOW_NODE_EXECUTORS = 'flowbuilder.node-executors';

/** What an executor sees. Sends are queued and leave in order once the step commits. */
export interface NodeExecutionContext<N extends FlowNode = FlowNode> {
  companyId: number;
  flowId: number;
  runId: number;
  node: N;
  ticket: { id: number; contactId: number; whatsappId: number; queueId: number | null; userId: number | null };
  contact: { name: string; number: string };
  /** The flow's variables (question answers…), read-only here: return `variables` to change them. */
  variables: Readonly<Record<string, string>>;
  /**
   * Why the executor runs: `enter` (the flow reached the node), `message` (the contact wrote while the
   * node waited; `input` has it), `timer` (the node's delayed job fired).
   */
  cause: 'enter' | 'message' | 'timer';
  input: { body: string; mediaType: string } | null;
  /** What this node stored when it last answered `wait` (null on enter). */
  state: unknown;
  /** `{{name}}` tokens replaced by variables (and {{userNumber}}, {{name}}, {{ticketId}}…); unknown ones are left as they are. */
  render(text: string): string;
  /** Queues a message to the contact (text, or a stored media with `body` as caption). */
  send(message: { body: string; media?: { url: string; name?: string } }): void;
  /** Queues a message to another number through a connection of the company. */
  sendToNumber(to: { whatsappId: number; number: string }, message: { body: string }): void;
  /** Queues tag changes on the ticket. */
  retag(change: { add?: number[]; remove?: number[] }): void;
  log(message: string): void;
}

/**
 * An executor's answer:
 * - `next`: go on through the output `handle` (null: the node's single output); no connector there ends the flow.
 * - `wait`: stop here until the contact writes (`until: 'message'`) or `afterMs` passes (then `cause: 'timer'`);
 *   with both, whichever comes first. `state` comes back in the next call.
 * - `end`: the flow ends, the ticket is released where it is.
 * - `handover`: the flow ends and the ticket goes to `queueId` / `userId` (its own queue when both are absent).
 */
export type NodeResult =
  | {
      kind: 'next';
      handle?: string | null;
      variables?: Record<string, string>;
      /** Fields merged into the node's saved data (the Google Sheets step's `lastError`), shown on the canvas. */
      nodeData?: Record<string, unknown>;
    }
  | { kind: 'wait'; message?: boolean; afterMs?: number; state?: unknown; variables?: Record<string, string> }
  | { kind: 'end'; reason?: string }
  | { kind: 'handover'; queueId?: number | null; userId?: number | null; reason?: string };

export interface NodeExecutor {
  /** The node type it runs. */
  type: NodeType;
  execute(ctx: NodeExecutionContext): Promise<NodeResult> | NodeResult;
}

// ---------- Keywords: what other plugins do when one matches ----------

/**
 * The extension point through which plugins act on a matched keyword (the google-sheets plugin appends
 * the row its `googleSheets*` fields describe). Contributors register in onModuleInit:
 *
 *   createExtensionPoint<KeywordAction>(KEYWORD_ACTIONS).register('google-sheets.append', { run })
 *
 * `run` is called after the chain's transaction committed (it may call other services), once per match,
 * for every plan (keywords are not gated): a gated plugin checks the company's plan itself. A throw is logged.
 */
export const KEYWORD_ACTIONS = 'flowbuilder.keyword-actions';

export interface KeywordMatch {
  companyId: number;
  keyword: {
    id: number;
    name: string;
    keyword: string;
    enableGoogleSheets: boolean;
    /** googleSheetsIntegrationId, …SpreadsheetId, …SpreadsheetUrl, …SelectedSheet, googleSheetsFieldA…L (null when unset). */
    sheets: Readonly<Record<string, string | number | null>>;
  };
  ticket: { id: number; contactId: number; whatsappId: number };
  contact: { name: string; number: string };
  message: { body: string };
}

export interface KeywordAction {
  run(match: KeywordMatch): Promise<void>;
}

// ---------- Starting a flow from another plugin's chain handler ----------

/**
 * The extension point through which the flow builder lets another plugin start a flow on the ticket its
 * chain handler is looking at (the integrations plugin's `flowbuilder` type). Key `flowbuilder`:
 *
 *   createExtensionPoint<FlowStarter>(FLOW_STARTER).get('flowbuilder')?.start(ctx, flowId)
 *
 * `ctx` is the caller's `InboundChainContext` (inside `handle`). The run's hold is handed to
 * `flowbuilder.flow`, so the contact's next messages reach the flow. Answers 'pass' when the flow is not
 * the company's or is inactive.
 */
export const FLOW_STARTER = 'flowbuilder.starter';
export interface FlowStarter {
  start(ctx: unknown, flowId: number): Promise<'handled' | 'pass'>;
}
