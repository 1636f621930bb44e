// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import { $extensionPointsShown, createWebExtensionPoint, useExtensions } from './extension-point.js';
import { flowNodeEditorOf, flowNodeEditors, registerFlowNodeEditor, useFlowNodeEditors, type FlowNodeEditor } from './flow-nodes.js';

afterEach(cleanup);

const editor = (type: string, title = type): FlowNodeEditor => ({ type, namespace: 'test', title, defaults: () => ({}), Body: () => null, check: () => null });

describe('web extension points (issue 30 item 6)', () => {
  it('one point per id, shared by owner and contributors; a key is taken once; removal undoes only its own registration', () => {
    const a = createWebExtensionPoint<number>('test.numbers');
    expect(createWebExtensionPoint<number>('test.numbers')).toBe(a);
    const off = a.register('x.one', 1);
    expect(() => a.register('x.one', 2)).toThrow(/already has/);
    expect(a.all()).toEqual([{ key: 'x.one', contribution: 1 }]);
    off();
    expect(a.get('x.one')).toBeUndefined();
    const off2 = a.register('x.one', 3);
    off();
    expect(a.get('x.one')).toBe(3);
    off2();
    expect(() => createWebExtensionPoint('nodots')).toThrow(/must be/);
  });

  it('useExtensions re-renders as contributions come and go', () => {
    const p = createWebExtensionPoint<string>('test.live');
    const { result } = renderHook(() => useExtensions(p));
    expect(result.current).toEqual([]);
    let off = () => {};
    act(() => void (off = p.register('x.a', 'A')));
    expect(result.current.map((c) => c.contribution)).toEqual(['A']);
    act(() => off());
    expect(result.current).toEqual([]);
  });

  it('a screen reading a point tells the shell, which loads the plugins contributing to it', () => {
    const p = createWebExtensionPoint<string>('test.asked');
    expect($extensionPointsShown.getState()).not.toContain('test.asked');
    renderHook(() => useExtensions(p));
    expect($extensionPointsShown.getState()).toContain('test.asked');
  });

  it('flow node editors: registered as <plugin>.<type>; the first editor of a type wins', () => {
    const listener = vi.fn();
    const unsubscribe = flowNodeEditors.subscribe(listener);
    const offA = registerFlowNodeEditor('ai', editor('openaiTest', 'first'));
    const offB = registerFlowNodeEditor('other', editor('openaiTest', 'second'));
    expect(listener).toHaveBeenCalledTimes(2);
    expect(flowNodeEditors.get('ai.openaiTest')?.title).toBe('first');
    expect(flowNodeEditorOf('openaiTest')?.title).toBe('first');
    const { result } = renderHook(() => useFlowNodeEditors());
    expect(result.current.filter((e) => e.type === 'openaiTest').map((e) => e.title)).toEqual(['first']);
    act(() => offA());
    expect(result.current.filter((e) => e.type === 'openaiTest').map((e) => e.title)).toEqual(['second']);
    offB();
    unsubscribe();
    expect(flowNodeEditorOf('openaiTest')).toBeUndefined();
  });

  it('a fallback editor (the owner’s stand-in) gives way to a plugin’s editor registered later, and comes back when it goes', () => {
    const offOwner = registerFlowNodeEditor('flowbuilder', { ...editor('sheetsTest', 'stand-in'), fallback: true });
    expect(flowNodeEditorOf('sheetsTest')?.title).toBe('stand-in');
    const offPlugin = registerFlowNodeEditor('integrations', editor('sheetsTest', 'real'));
    expect(flowNodeEditorOf('sheetsTest')?.title).toBe('real');
    offPlugin();
    expect(flowNodeEditorOf('sheetsTest')?.title).toBe('stand-in');
    offOwner();
  });
});
