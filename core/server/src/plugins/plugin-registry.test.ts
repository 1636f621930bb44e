import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import { Module, type Type } from '@nestjs/common';
import { definePlugin } from '@atende/sdk-server';
import { PluginRegistry } from './plugin-registry.js';

class CtrlA {}
class CtrlB {}
class Inner {}
Reflect.defineMetadata('controllers', [CtrlB], Inner);
class Root {}
Reflect.defineMetadata('controllers', [CtrlA], Root);
Reflect.defineMetadata('imports', [Inner], Root);
Module({})(class Unused {});

const plugin = (id: string, module: Type<unknown>, permissions = {}) => ({
  definition: definePlugin({ id, version: '1.0.0', module, permissions }),
  webDir: null,
});

describe('PluginRegistry', () => {
  it('maps controllers of the plugin module and of its imports to the plugin', () => {
    const reg = new PluginRegistry([plugin('alpha', Root)]);
    expect(reg.pluginOfController(CtrlA)?.id).toBe('alpha');
    expect(reg.pluginOfController(CtrlB)?.id).toBe('alpha');
    expect(reg.pluginOfController(class Other {})).toBeUndefined();
  });
  it('merges plugin permissions with the kernel table and refuses duplicates', () => {
    const reg = new PluginRegistry([plugin('alpha', Root, { 'alpha:do': ['admin'] })]);
    expect(reg.permissions['alpha:do']).toEqual(['admin']);
    expect(reg.permissions['settings:view']).toBeDefined();
    expect(() => new PluginRegistry([plugin('alpha', Root, { 'settings:view': ['user'] })])).toThrow(/declared twice/);
  });
});
