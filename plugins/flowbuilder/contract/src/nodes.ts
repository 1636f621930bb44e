import { z } from 'zod';
import { CONDITION_OPERATORS, SHEET_FIELD_KEYS, START_NODE_LABEL, type NodeType } from './constants.js';

// Node and connection shapes of a saved flow (automation-productivity §3 "Node", "Content block",
// "Follow-up node"…). Apart from index.ts: the web remote uses them as types only, so it does not
// bundle zod. Validation messages are codes the web translates (its texts are the spec's §5 ones).

/** Limits of §5/§9. */
export const FLOW_LIMITS = {
  nameMin: 2,
  nameMax: 50,
  /** Content-block pause, seconds: 1 to 120 (0 or more than 120 is refused). */
  blockIntervalMax: 120,
  /** Follow-up wait, minutes. */
  followUpMinutesMax: 9999,
  /** Follow-up pause content, seconds. */
  followUpPauseMin: 1,
  followUpPauseMax: 60,
  /** Interval node wait, seconds (the spec names no limit: up to 7 days). */
  intervalSecMax: 7 * 24 * 3600,
  textMax: 4096,
  nodesMax: 500,
  connectionsMax: 2000,
  menuOptionsMax: 50,
  /** Uploads (§5): images 2 MB png/jpg/jpeg, audio 5 MB ogg/mp3/opus, video 20 MB mp4, PDF 10 MB. */
  imageMaxBytes: 2 * 1024 * 1024,
  audioMaxBytes: 5 * 1024 * 1024,
  videoMaxBytes: 20 * 1024 * 1024,
  pdfMaxBytes: 10 * 1024 * 1024,
} as const;

export const FLOW_MEDIA_TYPES = {
  image: ['image/png', 'image/jpeg'],
  audio: ['audio/ogg', 'audio/mpeg', 'audio/opus'],
  video: ['video/mp4'],
  pdf: ['application/pdf'],
} as const;

const text = (max: number = FLOW_LIMITS.textMax) => z.string().max(max, 'too_long');
const requiredText = (max: number = FLOW_LIMITS.textMax) => z.string({ error: 'required' }).trim().min(1, 'required').max(max, 'too_long');
const id = z.number().int().positive().max(2_147_483_647);
/** A media file the company keeps (an `/api/media/…` url from the upload endpoints). */
const mediaUrl = z.string({ error: 'media_missing' }).trim().min(1, 'media_missing').max(500);

export const positionSchema = z.object({ x: z.number().finite(), y: z.number().finite() });

export const startDataSchema = z.object({ label: text(100).default(START_NODE_LABEL) });
/** A text message; `{{name}}` tokens are replaced by the flow's variables when sent. */
export const messageDataSchema = z.object({ label: requiredText() });
/** A pause of `sec` seconds before the next node (a delayed job). */
export const intervalDataSchema = z.object({
  label: text(100).optional(),
  sec: z.number({ error: 'required' }).int().min(1, 'interval_range').max(FLOW_LIMITS.intervalSecMax, 'interval_range'),
});
/** Options answered by their number; each option's output handle is `a<number>` (see `menuHandle`). */
export const menuOptionSchema = z.object({ number: z.number().int().min(0).max(999), value: requiredText(200) });
export const menuDataSchema = z.object({
  message: requiredText(),
  arrayOption: z.array(menuOptionSchema).min(1, 'required').max(FLOW_LIMITS.menuOptionsMax),
  /** Whether the numbered options are listed under the message (default true). */
  includeOptions: z.boolean().default(true),
});
export const imgDataSchema = z.object({ url: mediaUrl, caption: text(1024).optional(), original: text(255).optional() });
export const audioDataSchema = z.object({ url: mediaUrl, record: z.boolean().default(true), original: text(255).optional() });
export const videoDataSchema = z.object({ url: mediaUrl, record: z.boolean().default(false), caption: text(1024).optional(), original: text(255).optional() });
export const pdfDataSchema = z.object({ url: mediaUrl, original: text(255).optional() });
/** Output `a` gets `percent` % of the contacts, output `b` the rest. */
export const randomizerDataSchema = z.object({ percent: z.number({ error: 'required' }).int().min(0).max(100) });

export const BLOCK_ELEMENT_TYPES = ['message', 'interval', 'img', 'audio', 'video', 'pdf'] as const;
/**
 * One element of a content block: `number` is its id (`message0`, `interval1`, `img2`…), `value` the
 * text, the seconds (interval) or the media url; `original` the media's original file name.
 */
export const blockElementSchema = z.object({
  number: z.string().min(1).max(40),
  type: z.enum(BLOCK_ELEMENT_TYPES),
  value: z.union([z.string().max(FLOW_LIMITS.textMax), z.number()]),
  original: text(255).optional(),
  caption: text(1024).optional(),
  record: z.boolean().optional(),
});
export type BlockElement = z.infer<typeof blockElementSchema>;
/** `seq`: the element ids in the order they are sent. */
export const singleBlockDataSchema = z.object({
  seq: z.array(z.string().min(1).max(40)).max(100),
  elements: z.array(blockElementSchema).min(1, 'required').max(100),
});
/**
 * Moves the ticket to a queue (and a user, optionally) and ends the flow. `message`, when not blank, is
 * sent to the customer first (`{{queue}}` is the queue's `name`; the editor offers a default text).
 */
export const ticketDataSchema = z.object({ queueId: id, userId: id.nullable().optional(), name: text(100).optional(), message: text().optional() });
/** `name` is derived as '+added / -removed' by the editor. */
export const tagsDataSchema = z.object({ addTagId: id.nullable().optional(), removeTagId: id.nullable().optional(), name: text(200).optional() });
export const notificationDataSchema = z.object({
  connectionId: z.number({ error: 'connection_required' }).int().positive(),
  /** With country code, digits only (a leading + is stripped). */
  targetNumber: z
    .string({ error: 'number_required' })
    .trim()
    .transform((s) => s.replace(/^\+/, '').replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{8,20}$/, 'number_required')),
  /** May use {{userNumber}} (the contact's number) and the flow's variables. */
  message: z.string({ error: 'message_required' }).trim().min(1, 'message_required').max(FLOW_LIMITS.textMax),
});
export const optionListSchema = z.object({ message: text().optional(), arrayOption: z.array(menuOptionSchema).max(FLOW_LIMITS.menuOptionsMax).optional() });
/** Asks `message`; the answer is saved as variable `answerKey` ({{answerKey}} elsewhere). */
export const questionDataSchema = z.object({
  message: requiredText(),
  answerKey: z.string({ error: 'required' }).trim().regex(/^[A-Za-z_][A-Za-z0-9_]{0,39}$/, 'invalid_key'),
  typebotIntegration: optionListSchema.optional(),
});
/** Compares variable `key` with `value`; outputs `true` and `false`. */
export const conditionDataSchema = z.object({
  key: z.string({ error: 'required' }).trim().min(1, 'required').max(40),
  condition: z.enum(CONDITION_OPERATORS),
  value: z.string().max(500),
});
export const typebotDataSchema = z.object({
  type: text(40).optional(),
  name: z.string({ error: 'required' }).trim().min(2, 'too_short').max(50, 'too_long'),
  projectName: text(200).optional(),
  jsonContent: text(20000).optional(),
  language: text(20).optional(),
  urlN8N: z.string({ error: 'required' }).trim().min(1, 'required').max(500),
  typebotDelayMessage: z.number().int().min(0).max(60000).default(1000),
  typebotExpires: z.number().int().min(0).max(100000).default(1),
  typebotKeywordFinish: text(100).optional(),
  typebotKeywordRestart: text(100).optional(),
  typebotRestartMessage: text(1000).optional(),
  typebotSlug: z.string({ error: 'required' }).trim().min(1, 'required').max(200),
  typebotUnknownMessage: text(1000).optional(),
});
/** `apiKey` is never stored: the server strips it (§3). */
export const openaiDataSchema = z.object({
  name: requiredText(100),
  prompt: text(20000).optional(),
  aiInstructions: requiredText(20000),
  contextInfo: text(20000).optional(),
  voice: text(100).default('texto'),
  voiceKey: text(500).optional(),
  voiceRegion: text(2000).optional(),
  maxTokens: z.number().int().min(1).max(100000).default(100),
  temperature: z.number().min(0).max(2).default(1),
  queueId: id.nullable().optional(),
  maxMessages: z.number().int().min(1).max(1000).default(10),
  arrayOption: z.array(menuOptionSchema).max(FLOW_LIMITS.menuOptionsMax).optional(),
  respondWhenNone: z.boolean().default(true),
  typebotIntegration: optionListSchema.optional(),
});
const sheetFields = Object.fromEntries(SHEET_FIELD_KEYS.map((k) => [k, text(100).optional()])) as Record<(typeof SHEET_FIELD_KEYS)[number], z.ZodOptional<z.ZodString>>;
/** Outputs `success` and `error`. Shown as pending until integrationId and spreadsheetId are set; `lastError` when it failed. */
export const googlesheetsDataSchema = z.object({
  integrationId: id.nullable().optional(),
  spreadsheetId: text(200).optional(),
  spreadsheetUrl: text(1000).optional(),
  selectedSheet: text(200).optional(),
  ...sheetFields,
  processingMode: text(40).default('Aleatorio'),
  lastError: text(1000).nullable().optional(),
});
export const FOLLOW_UP_CONTENT_TYPES = ['text', 'image', 'audio', 'video', 'interval'] as const;
export const followUpContentSchema = z.object({
  type: z.enum(FOLLOW_UP_CONTENT_TYPES),
  id: z.string().min(1).max(60),
  /** Text, or pause seconds (1 to 60) for `interval`. */
  value: z.union([z.string().max(FLOW_LIMITS.textMax), z.number()]).optional(),
  caption: text(1024).optional(),
  record: z.boolean().optional(),
  fileName: text(255).optional(),
  /** The editor's preview only; not stored. */
  preview: z.unknown().optional().transform(() => undefined),
  mediaUrl: z.string().max(500).optional(),
});
export const followUpEntrySchema = z.object({
  id: z.string().min(1).max(60),
  minutes: z.number({ error: 'minutes_positive' }).int().min(1, 'minutes_positive').max(FLOW_LIMITS.followUpMinutesMax, 'minutes_max'),
  content: z.array(followUpContentSchema).max(50),
});
/**
 * Waits each entry's minutes in turn and sends its content, unless the contact answers first: then the
 * flow goes on through the output `answer` ('Respuesta'). After the last entry, it goes on through the
 * default output (or ends).
 */
export const followUpDataSchema = z.object({
  intervalTimes: z.array(followUpEntrySchema).min(1, 'required').max(20),
  /** The first entry's minutes (derived; kept for the card). */
  sec: z.number().optional(),
});

/**
 * The files plugin's step (issue 38 item 11): sends file list `fileListId` (its message, then each file
 * captioned with its name) and goes on. `name` is the list's name when it was chosen, for the card. The
 * list is read by the company when the step runs: another company's id sends nothing.
 */
export const fileListDataSchema = z.object({ fileListId: z.number({ error: 'required' }).int().positive().max(2_147_483_647), name: text(255).optional() });

/** Each type's data schema (the server checks a node's data with the one of its type). */
export const NODE_DATA_SCHEMAS = {
  start: startDataSchema,
  message: messageDataSchema,
  menu: menuDataSchema,
  interval: intervalDataSchema,
  img: imgDataSchema,
  audio: audioDataSchema,
  video: videoDataSchema,
  pdf: pdfDataSchema,
  randomizer: randomizerDataSchema,
  singleBlock: singleBlockDataSchema,
  ticket: ticketDataSchema,
  tags: tagsDataSchema,
  typebot: typebotDataSchema,
  openai: openaiDataSchema,
  question: questionDataSchema,
  notification: notificationDataSchema,
  condition: conditionDataSchema,
  googlesheets: googlesheetsDataSchema,
  followUp: followUpDataSchema,
  fileList: fileListDataSchema,
} as const satisfies Record<NodeType, z.ZodType>;

export type NodeDataByType = { [K in NodeType]: z.output<(typeof NODE_DATA_SCHEMAS)[K]> };
export type NodeDataInputByType = { [K in NodeType]: z.input<(typeof NODE_DATA_SCHEMAS)[K]> };

const nodeIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'invalid_id');
const nodeOf = <K extends NodeType>(type: K) => z.object({ id: nodeIdSchema, type: z.literal(type), position: positionSchema, data: NODE_DATA_SCHEMAS[type] as (typeof NODE_DATA_SCHEMAS)[K] });

/** A node as saved (extra canvas fields such as `selected`, `width`, `measured` are dropped). */
export const flowNodeSchema = z.discriminatedUnion('type', [
  nodeOf('start'),
  nodeOf('message'),
  nodeOf('menu'),
  nodeOf('interval'),
  nodeOf('img'),
  nodeOf('audio'),
  nodeOf('video'),
  nodeOf('pdf'),
  nodeOf('randomizer'),
  nodeOf('singleBlock'),
  nodeOf('ticket'),
  nodeOf('tags'),
  nodeOf('typebot'),
  nodeOf('openai'),
  nodeOf('question'),
  nodeOf('notification'),
  nodeOf('condition'),
  nodeOf('googlesheets'),
  nodeOf('followUp'),
  nodeOf('fileList'),
]);
export type FlowNode = z.output<typeof flowNodeSchema>;
export type FlowNodeInput = z.input<typeof flowNodeSchema>;
export type FlowNodeOf<K extends NodeType> = Extract<FlowNode, { type: K }>;

/**
 * A connector. `sourceHandle` names the output it leaves from: `a<number>` for a menu option, `a`/`b`
 * for the randomizer, `true`/`false` for a condition, `success`/`error` for Google Sheets, `answer` for
 * the follow-up's 'Respuesta'; null or absent for the single output of the other nodes.
 */
export const flowConnectionSchema = z.object({
  id: z.string().min(1).max(200),
  source: nodeIdSchema,
  target: nodeIdSchema,
  sourceHandle: z.string().max(40).nullable().optional(),
  targetHandle: z.string().max(40).nullable().optional(),
  type: z.string().max(40).optional(),
  animated: z.boolean().optional(),
  style: z.record(z.string().max(40), z.union([z.string().max(100), z.number()])).optional(),
});
export type FlowConnection = z.output<typeof flowConnectionSchema>;

/** A flow's drawing: nodes and connectors. */
export const flowGraphSchema = z.object({
  nodes: z.array(flowNodeSchema).max(FLOW_LIMITS.nodesMax),
  connections: z.array(flowConnectionSchema).max(FLOW_LIMITS.connectionsMax),
});
export type FlowGraph = z.output<typeof flowGraphSchema>;
