// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { NODE_TYPES, PLUGIN_NODE_TYPES } from '@atende/plugin-flowbuilder-contract';
import { flowNodeEditorOf, flowNodeEditors, registerFlowNodeEditor } from '@atende/sdk-web';
import { BUILTIN_EDITORS, registerBuiltinEditors } from './index.js';
import { speedDial } from '../canvas/FlowCanvasPage.js';

describe('the flow builder’s steps through the node-editor extension point (issue 30 item 6)', () => {
  it('registers one editor per node type but start and the types only other plugins bring, each as flowbuilder.<type>, once however often it is called', () => {
    registerBuiltinEditors();
    registerBuiltinEditors();
    const own = NODE_TYPES.filter((t) => t !== 'start' && !PLUGIN_NODE_TYPES.includes(t));
    expect(BUILTIN_EDITORS.map((e) => e.type).sort()).toEqual(own.sort());
    for (const type of own) expect(flowNodeEditors.get(`flowbuilder.${type}`)?.type).toBe(type);
    // The files plugin's step: no editor until that plugin registers one (and so not in the menu).
    expect(flowNodeEditors.get('flowbuilder.fileList')).toBeUndefined();
  });

  it('the + menu lists Inicio and the editors with an icon by order: question, condition and transfer included, typebot not', () => {
    const dial = speedDial(BUILTIN_EDITORS).map((d) => d.type);
    expect(dial[0]).toBe('start');
    expect(dial).toEqual(['start', 'singleBlock', 'menu', 'question', 'condition', 'ticket', 'googlesheets', 'followUp', 'tags', 'openai', 'notification']);
  });

  it('a plugin that contributes an editor is offered in the menu; its OpenAI editor replaces the built-in stand-in', () => {
    const off = registerFlowNodeEditor('crm', { type: 'crmLookup', namespace: 'crm', title: 'lookup', icon: 'C', order: 55, defaults: () => ({}), Body: () => null, check: () => null });
    const editors = flowNodeEditors.all().map((c) => c.contribution);
    expect(speedDial(editors).map((d) => d.type)).toContain('crmLookup');
    off();
    const ai = registerFlowNodeEditor('ai', { type: 'openai', namespace: 'ai', title: 'x', defaults: () => ({}), Body: () => null, check: () => null });
    expect(flowNodeEditorOf('openai')?.namespace).toBe('ai');
    // A second editor for a type the flow builder owns does not replace its own (not a stand-in).
    const other = registerFlowNodeEditor('crm', { type: 'message', namespace: 'crm', title: 'x', defaults: () => ({}), Body: () => null, check: () => null });
    expect(flowNodeEditorOf('message')?.namespace).toBe('flowbuilder');
    other();
    ai();
    expect(flowNodeEditorOf('openai')?.namespace).toBe('flowbuilder');
  });
});
