// The flow builder's constants without zod: the web remote imports them (and types) from the package root, and
// with `sideEffects: false` the schema modules then stay out of its bundle.

/** The start node's fixed id and label (§4: "always has a start node with id 1 labelled 'Inicio del flujo'"). */
export const START_NODE_ID = '1';
export const START_NODE_LABEL = 'Inicio del flujo';
/** Random node ids: 30 alphanumeric characters (§3). Ids of other shapes (up to 64 of [A-Za-z0-9_-]) are accepted for imported flows. */
export const NODE_ID_LENGTH = 30;

/**
 * Every node type the canvas draws and the server stores. `pdf` and `tags` are named here because the spec's content and tag editors produce them.
 * `fileList` is edited and run by the files plugin alone ({@link PLUGIN_NODE_TYPES}).
 */
export const NODE_TYPES = [
  'start',
  'message',
  'menu',
  'interval',
  'img',
  'audio',
  'video',
  'pdf',
  'randomizer',
  'singleBlock',
  'ticket',
  'tags',
  'typebot',
  'openai',
  'question',
  'notification',
  'condition',
  'googlesheets',
  'followUp',
  // Brought by another plugin only (no editor or executor of the flow builder's): the files plugin's
  // "send a file list" step (issue 38 item 11).
  'fileList',
] as const;
export type NodeType = (typeof NODE_TYPES)[number];
/** Types whose editor and executor come only from another plugin: without it they are neither offered nor run. */
export const PLUGIN_NODE_TYPES: readonly NodeType[] = ['fileList'];

export const CONDITION_OPERATORS = ['==', '!=', '>', '<', '>=', '<=', 'contains'] as const;

export const SHEET_FIELD_KEYS = ['fieldA', 'fieldB', 'fieldC', 'fieldD', 'fieldE', 'fieldF', 'fieldG', 'fieldH', 'fieldI', 'fieldJ', 'fieldK', 'fieldL'] as const;

export const KEYWORD_SHEET_FIELDS = ['googleSheetsFieldA', 'googleSheetsFieldB', 'googleSheetsFieldC', 'googleSheetsFieldD', 'googleSheetsFieldE', 'googleSheetsFieldF', 'googleSheetsFieldG', 'googleSheetsFieldH', 'googleSheetsFieldI', 'googleSheetsFieldJ', 'googleSheetsFieldK', 'googleSheetsFieldL'] as const;

/** Output handle of a menu option. */
export const menuHandle = (optionNumber: number) => `a${optionNumber}`;
export const HANDLES = {
  randomizerA: 'a',
  randomizerB: 'b',
  conditionTrue: 'true',
  conditionFalse: 'false',
  sheetsSuccess: 'success',
  sheetsError: 'error',
  followUpAnswer: 'answer',
} as const;
