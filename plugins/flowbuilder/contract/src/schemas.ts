import { z } from 'zod';
import { FLOW_LIMITS, flowConnectionSchema, flowNodeSchema } from './nodes.js';
import { KEYWORD_SHEET_FIELDS, START_NODE_ID } from './constants.js';

// API payloads (automation-productivity §3, §5, §7). Apart from index.ts: the web remote uses these as
// types only, so it does not bundle zod.

const id = z.number({ error: 'required' }).int('invalid').positive('invalid').max(2_147_483_647, 'invalid');
const idParam = z.coerce.number().int().positive().max(2_147_483_647);

/** 'Muito curto!', 'Muito longo!', 'Digite um nome!' (§5). */
export const flowNameSchema = z.string({ error: 'required' }).trim().min(1, 'required').min(FLOW_LIMITS.nameMin, 'too_short').max(FLOW_LIMITS.nameMax, 'too_long');

export const flowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Activo / Desactivado. An inactive flow is not started by bindings, keywords or phrase triggers. */
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Flow = z.infer<typeof flowSchema>;

export const FLOWS_PAGE_SIZE = 50;
export const flowListQuerySchema = z.object({
  searchParam: z.string().trim().max(100).default(''),
  pageNumber: z.coerce.number().int().min(1).max(10000).default(1),
});
/** `GET /flowbuilder` → flows, hasMore (§7). */
export const flowPageSchema = z.object({ flows: z.array(flowSchema), count: z.number().int(), hasMore: z.boolean() });
export type FlowPage = z.infer<typeof flowPageSchema>;

export const flowCreateSchema = z.object({ name: flowNameSchema });
export type FlowCreate = z.input<typeof flowCreateSchema>;
/** `PUT /flowbuilder {name, flowId}`; `active` switches it on or off. Partial: an omitted field keeps its value. */
export const flowUpdateSchema = z.object({ flowId: id, name: flowNameSchema.optional(), active: z.boolean().optional() });
export type FlowUpdate = z.input<typeof flowUpdateSchema>;
export const flowDuplicateSchema = z.object({ flowId: id });
export const flowIdParamSchema = idParam;

/**
 * `POST /flowbuilder/flow {idFlow, nodes, connections}`. Checked as a whole: exactly one start node, with
 * id '1' (put first); node ids unique; every connector joins two nodes of the flow. Details point at
 * `nodes.<i>.data.<field>` with the message codes of nodes.ts, or at `nodes`/`connections.<i>` with
 * `start_missing`, `duplicate_id`, `unknown_node`.
 */
export const flowSaveSchema = z
  .object({
    idFlow: id,
    nodes: z.array(flowNodeSchema).max(FLOW_LIMITS.nodesMax),
    connections: z.array(flowConnectionSchema).max(FLOW_LIMITS.connectionsMax),
  })
  .superRefine((v, ctx) => {
    const starts = v.nodes.filter((n) => n.type === 'start');
    if (starts.length !== 1 || starts[0]!.id !== START_NODE_ID) ctx.addIssue({ code: 'custom', path: ['nodes'], message: 'start_missing' });
    const seen = new Set<string>();
    v.nodes.forEach((n, i) => {
      if (seen.has(n.id)) ctx.addIssue({ code: 'custom', path: ['nodes', i, 'id'], message: 'duplicate_id' });
      seen.add(n.id);
      if (n.type !== 'start' && n.id === START_NODE_ID) ctx.addIssue({ code: 'custom', path: ['nodes', i, 'id'], message: 'duplicate_id' });
      if (n.type === 'tags' && !n.data.addTagId && !n.data.removeTagId) ctx.addIssue({ code: 'custom', path: ['nodes', i, 'data', 'addTagId'], message: 'tag_required' });
      if (n.type === 'singleBlock') {
        n.data.elements.forEach((e, j) => {
          const at = ['nodes', i, 'data', 'elements', j, 'value'];
          if (e.type === 'message' && String(e.value).trim() === '') ctx.addIssue({ code: 'custom', path: at, message: 'empty_message' });
          if (e.type === 'interval' && !(Number(e.value) > 0 && Number(e.value) <= FLOW_LIMITS.blockIntervalMax)) ctx.addIssue({ code: 'custom', path: at, message: 'interval_range' });
          if (e.type !== 'message' && e.type !== 'interval' && String(e.value).trim() === '') ctx.addIssue({ code: 'custom', path: at, message: 'empty_media' });
        });
        const numbers = new Set(n.data.elements.map((e) => e.number));
        n.data.seq.forEach((s, j) => {
          if (!numbers.has(s)) ctx.addIssue({ code: 'custom', path: ['nodes', i, 'data', 'seq', j], message: 'unknown_element' });
        });
      }
      if (n.type === 'followUp') {
        n.data.intervalTimes.forEach((t, j) =>
          t.content.forEach((c, k) => {
            if (c.type === 'interval' && !(Number(c.value) >= FLOW_LIMITS.followUpPauseMin && Number(c.value) <= FLOW_LIMITS.followUpPauseMax))
              ctx.addIssue({ code: 'custom', path: ['nodes', i, 'data', 'intervalTimes', j, 'content', k, 'value'], message: 'pause_range' });
          }),
        );
      }
    });
    v.connections.forEach((c, i) => {
      if (!seen.has(c.source)) ctx.addIssue({ code: 'custom', path: ['connections', i, 'source'], message: 'unknown_node' });
      if (!seen.has(c.target)) ctx.addIssue({ code: 'custom', path: ['connections', i, 'target'], message: 'unknown_node' });
    });
  });
export type FlowSave = z.input<typeof flowSaveSchema>;

/** `GET /flowbuilder/flow/{id}` → `{ flow: { …flow, flow: { nodes, connections } } }` (§7 "flow.flow"); a flow never drawn has only its start node. */
export const flowDrawingSchema = z.object({
  flow: flowSchema.extend({ flow: z.object({ nodes: z.array(flowNodeSchema), connections: z.array(flowConnectionSchema) }) }),
});
export type FlowDrawing = z.infer<typeof flowDrawingSchema>;

/**
 * An exported file's content: `{ encrypted: true, data, iv }` (AES-256-GCM of `{name, flow}` with the
 * platform's export key; `data` is base64 ciphertext plus tag, `iv` base64). A plain file `{name, flow}`
 * is accepted on import too (§3 "Flow file for import").
 */
export const encryptedFlowFileSchema = z.object({ encrypted: z.literal(true).optional(), data: z.string().min(1).max(20_000_000), iv: z.string().min(1).max(100) });
export const plainFlowFileSchema = z.object({
  name: flowNameSchema,
  flow: z.object({ nodes: z.array(z.unknown()).max(FLOW_LIMITS.nodesMax), connections: z.array(z.unknown()).max(FLOW_LIMITS.connectionsMax) }),
});
export const flowImportSchema = z.object({ importData: z.union([encryptedFlowFileSchema, plainFlowFileSchema], { error: 'bad_format' }) });
export type FlowImport = z.input<typeof flowImportSchema>;

/** A stored upload (`POST /flowbuilder/content` answers a list, `/img` and `/audio` one). `url` is what node data keeps. */
export const flowMediaSchema = z.object({ originalName: z.string(), name: z.string(), url: z.string(), mimetype: z.string() });
export type FlowMedia = z.infer<typeof flowMediaSchema>;

// ---------- Keywords (§3 "Keyword") ----------

const sheetFieldsOut = Object.fromEntries(KEYWORD_SHEET_FIELDS.map((k) => [k, z.string().nullable()])) as Record<(typeof KEYWORD_SHEET_FIELDS)[number], z.ZodNullable<z.ZodString>>;
const optText = (max: number) => z.string().trim().max(max, 'too_long').nullable().optional();
const sheetFieldsIn = Object.fromEntries(KEYWORD_SHEET_FIELDS.map((k) => [k, optText(100)])) as Record<(typeof KEYWORD_SHEET_FIELDS)[number], ReturnType<typeof optText>>;

export const keywordSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Matched exactly, case-insensitive, against the whole message (trimmed). */
  keyword: z.string(),
  /** Stops the flow running on the ticket (if any) when the keyword arrives. */
  disableFlow: z.boolean(),
  activateFlowId: z.number().int().nullable(),
  addTagId: z.number().int().nullable(),
  removeTagId: z.number().int().nullable(),
  enableGoogleSheets: z.boolean(),
  googleSheetsIntegrationId: z.number().int().nullable(),
  googleSheetsSpreadsheetId: z.string().nullable(),
  googleSheetsSpreadsheetUrl: z.string().nullable(),
  googleSheetsSelectedSheet: z.string().nullable(),
  ...sheetFieldsOut,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Keyword = z.infer<typeof keywordSchema>;

const keywordFields = {
  name: z.string({ error: 'required' }).trim().min(1, 'required').max(100, 'too_long'),
  keyword: z.string({ error: 'required' }).trim().min(1, 'required').max(200, 'too_long'),
  disableFlow: z.boolean().optional(),
  activateFlowId: id.nullable().optional(),
  addTagId: id.nullable().optional(),
  removeTagId: id.nullable().optional(),
  enableGoogleSheets: z.boolean().optional(),
  googleSheetsIntegrationId: id.nullable().optional(),
  googleSheetsSpreadsheetId: optText(200),
  googleSheetsSpreadsheetUrl: optText(1000),
  googleSheetsSelectedSheet: optText(200),
  ...sheetFieldsIn,
};
export const keywordInputSchema = z.object(keywordFields);
export type KeywordInput = z.input<typeof keywordInputSchema>;
/** PUT: partial. */
export const keywordUpdateSchema = z.object({ ...keywordFields, name: keywordFields.name.optional(), keyword: keywordFields.keyword.optional() });
export type KeywordUpdate = z.input<typeof keywordUpdateSchema>;

// ---------- Phrase triggers / Activadores (§3 "Flow campaign") ----------

export const flowCampaignSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  flowId: z.number().int(),
  /** The connection the phrase must arrive on; null: any connection of the company. */
  whatsappId: z.number().int().nullable(),
  phrase: z.string(),
  /** Ativo / Desativado. */
  status: z.boolean(),
  /** Off: starts the flow once per contact; on: every time the phrase arrives. */
  repeat: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FlowCampaign = z.infer<typeof flowCampaignSchema>;
/** `GET /flowcampaign` → flow (§7). */
export const flowCampaignListSchema = z.object({ flow: z.array(flowCampaignSchema) });

const flowCampaignFields = {
  name: z.string({ error: 'required' }).trim().min(1, 'required').max(100, 'too_long'),
  flowId: id,
  whatsappId: id.nullable().optional(),
  phrase: z.string({ error: 'required' }).trim().min(1, 'required').max(500, 'too_long'),
  status: z.boolean().optional(),
  repeat: z.boolean().optional(),
};
export const flowCampaignInputSchema = z.object(flowCampaignFields);
export type FlowCampaignInput = z.input<typeof flowCampaignInputSchema>;
/** `PUT /flowcampaign {id, …}`: partial, `id` names the trigger. */
export const flowCampaignUpdateSchema = z.object({
  id,
  name: flowCampaignFields.name.optional(),
  flowId: id.optional(),
  whatsappId: flowCampaignFields.whatsappId,
  phrase: flowCampaignFields.phrase.optional(),
  status: z.boolean().optional(),
  repeat: z.boolean().optional(),
});
export type FlowCampaignUpdate = z.input<typeof flowCampaignUpdateSchema>;
