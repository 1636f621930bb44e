import { describe, expect, it } from 'vitest';
import type { FlowConnection, FlowNode } from '@atende/plugin-flowbuilder-contract';
import { loopsWithoutAnswer } from './graph-checks.js';

const node = (id: string, type: string) => ({ id, type, position: { x: 0, y: 0 }, data: {} }) as unknown as FlowNode;
const edge = (source: string, target: string) => ({ id: `${source}-${target}`, source, target }) as unknown as FlowConnection;

describe('loopsWithoutAnswer', () => {
  it('finds a cycle of nodes that never wait for the customer, even through a timer', () => {
    const nodes = [node('1', 'start'), node('2', 'message'), node('3', 'interval'), node('4', 'message')];
    expect(loopsWithoutAnswer(nodes, [edge('1', '2'), edge('2', '3'), edge('3', '2')]).sort()).toEqual(['2', '3']);
    expect(loopsWithoutAnswer(nodes, [edge('2', '2')])).toEqual(['2']);
  });

  it('accepts a cycle through a menu or a question, and a drawing without cycles', () => {
    const nodes = [node('1', 'start'), node('2', 'message'), node('3', 'menu'), node('4', 'question')];
    expect(loopsWithoutAnswer(nodes, [edge('1', '2'), edge('2', '3'), edge('3', '2')])).toEqual([]);
    expect(loopsWithoutAnswer(nodes, [edge('2', '4'), edge('4', '2')])).toEqual([]);
    expect(loopsWithoutAnswer(nodes, [edge('1', '2'), edge('2', '3'), edge('1', '3')])).toEqual([]);
  });
});
