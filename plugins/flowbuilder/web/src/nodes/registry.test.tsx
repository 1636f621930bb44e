// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { NODE_TYPES } from '@atende/plugin-flowbuilder-contract';
import { flowNodeEditorOf, flowNodeEditors, registerFlowNodeEditor } from '@atende/sdk-web';
import { BUILTIN_EDITORS, registerBuiltinEditors } from './index.js';
import { speedDial } from '../canvas/FlowCanvasPage.js';

describe('the flow builder’s steps through the node-editor extension point (issue 30 item 6)', () => {
  it('registers one editor per node type but start, each as flowbuilder.<type>, once however often it is called', () => {
    registerBuiltinEditors();
    registerBuiltinEditors();
    expect(BUILTIN_EDITORS.map((e) => e.type).sort()).toEqual(NODE_TYPES.filter((t) => t !== 'start').sort());
    for (const type of NODE_TYPES.filter((t) => t !== 'start')) expect(flowNodeEditors.get(`flowbuilder.${type}`)?.type).toBe(type);
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
