import type { ComponentType, ReactNode } from 'react';
import { createWebExtensionPoint, useExtensions } from './extension-point.js';

/**
 * The flow builder's node editors as a web extension point (issue 30 item 6): a plugin that adds a node
 * type contributes its editor here beside its executor on the server (`FLOW_NODE_EXECUTORS`). The flow
 * builder's own steps are registered the same way. See docs/plugins/flow-nodes.md.
 */
export const FLOW_NODE_EDITORS = 'flowbuilder.node-editors';

/** A step's data as the canvas holds it (the server checks it with the node type's schema on save). */
export type FlowNodeData = Record<string, unknown>;

/** What an editor's body gets: the draft and a setter of some of its fields (partial update). */
export interface FlowNodeEditorProps {
  value: FlowNodeData;
  set: (patch: FlowNodeData) => void;
}

/** What `finish` gets while the dialog saves a step (uploads report their progress through it). */
export interface FlowNodeFinishContext {
  /** 0..1 while files upload. */
  progress: (fraction: number) => void;
}

/** A flow step's editor, contributed beside its server executor: menu entry, dialog body, checks and defaults. */
export interface FlowNodeEditor {
  /** The node type (one of the flow builder contract's NODE_TYPES: the server must know its schema). */
  type: string;
  /** The i18n namespace of `title`/`check` keys (the contributing plugin's id). */
  namespace: string;
  /** Key of the step's name in `namespace` (menu entry, dialog title). */
  title: string;
  /** Icon of the "+" menu entry; absent: the step is not offered in the menu (it still edits). */
  icon?: ReactNode;
  /** Position in the "+" menu (lower first). */
  order?: number;
  /** The data of a new step. */
  defaults: () => FlowNodeData;
  Body: ComponentType<FlowNodeEditorProps>;
  /** The key (in `namespace`) of the message that blocks saving, or null. */
  check: (data: FlowNodeData) => string | null;
  /** Uploads what the draft holds and answers the data to save; an Error whose message is a key in `namespace` is shown. */
  finish?: (data: FlowNodeData, ctx: FlowNodeFinishContext) => Promise<FlowNodeData>;
  /** Configurar/Actualizar instead of Agregar/Guardar (integration-style steps). */
  configure?: boolean;
  /** A wider dialog (720 px instead of 520). */
  wide?: boolean;
  /**
   * Used only while no other editor for the type is registered: an owner's stand-in for a type another
   * plugin is meant to bring (the flow builder's OpenAI editor until the AI plugin contributes its own).
   */
  fallback?: boolean;
}

/** The flow builder's node-editor extension point (`flowbuilder.node-editors`): one contribution per node type. */
export const flowNodeEditors = createWebExtensionPoint<FlowNodeEditor>(FLOW_NODE_EDITORS);

/** Registers a node editor under `<plugin id>.<type>`; answers the function that removes it. */
export function registerFlowNodeEditor(pluginId: string, editor: FlowNodeEditor): () => void {
  return flowNodeEditors.register(`${pluginId}.${editor.type}`, editor);
}

/** One editor per type: the first registered that is not a fallback, else the first fallback. */
export function pickFlowNodeEditors(all: readonly { contribution: FlowNodeEditor }[]): FlowNodeEditor[] {
  const chosen = new Map<string, FlowNodeEditor>();
  for (const { contribution: e } of all) {
    const had = chosen.get(e.type);
    if (!had || (had.fallback && !e.fallback)) chosen.set(e.type, e);
  }
  return [...chosen.values()];
}

/** The editor of a node type (see pickFlowNodeEditors). */
export function flowNodeEditorOf(type: string): FlowNodeEditor | undefined {
  return pickFlowNodeEditors(flowNodeEditors.all().filter((c) => c.contribution.type === type))[0];
}

/** Every node type's editor, kept current as plugins register theirs. */
export function useFlowNodeEditors(): FlowNodeEditor[] {
  return pickFlowNodeEditors(useExtensions(flowNodeEditors));
}
