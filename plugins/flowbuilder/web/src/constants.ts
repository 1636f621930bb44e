import type {
  CONDITION_OPERATORS as ContractOperators,
  HANDLES as ContractHandles,
  KEYWORD_SHEET_FIELDS as ContractKeywordFields,
  NODE_TYPES as ContractNodeTypes,
  SHEET_FIELD_KEYS as ContractSheetFields,
  START_NODE_ID as ContractStartId,
  START_NODE_LABEL as ContractStartLabel,
} from '@atende/plugin-flowbuilder-contract';

/**
 * The contract's constants the web needs, repeated here because they live beside the zod schemas
 * (nodes.ts, schemas.ts): importing them would bundle zod into the remote. Each is typed against the
 * contract's own (`import type`), so a change there fails this file's type check.
 */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const same = <A, B>(ok: Same<A, B>) => ok;

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
] as const;
same<typeof NODE_TYPES, typeof ContractNodeTypes>(true);

export const START_NODE_ID = '1';
same<typeof START_NODE_ID, typeof ContractStartId>(true);
export const START_NODE_LABEL = 'Inicio del flujo';
same<typeof START_NODE_LABEL, typeof ContractStartLabel>(true);

export const HANDLES = {
  randomizerA: 'a',
  randomizerB: 'b',
  conditionTrue: 'true',
  conditionFalse: 'false',
  sheetsSuccess: 'success',
  sheetsError: 'error',
  followUpAnswer: 'answer',
} as const;
same<typeof HANDLES, typeof ContractHandles>(true);
/** Output handle of a menu option (the contract's `menuHandle`). */
export const menuHandle = (optionNumber: number) => `a${optionNumber}`;

export const CONDITION_OPERATORS = ['==', '!=', '>', '<', '>=', '<=', 'contains'] as const;
same<typeof CONDITION_OPERATORS, typeof ContractOperators>(true);

export const SHEET_FIELD_KEYS = ['fieldA', 'fieldB', 'fieldC', 'fieldD', 'fieldE', 'fieldF', 'fieldG', 'fieldH', 'fieldI', 'fieldJ', 'fieldK', 'fieldL'] as const;
same<typeof SHEET_FIELD_KEYS, typeof ContractSheetFields>(true);

export const KEYWORD_SHEET_FIELDS = [
  'googleSheetsFieldA', 'googleSheetsFieldB', 'googleSheetsFieldC', 'googleSheetsFieldD', 'googleSheetsFieldE', 'googleSheetsFieldF',
  'googleSheetsFieldG', 'googleSheetsFieldH', 'googleSheetsFieldI', 'googleSheetsFieldJ', 'googleSheetsFieldK', 'googleSheetsFieldL',
] as const;
same<typeof KEYWORD_SHEET_FIELDS, typeof ContractKeywordFields>(true);
