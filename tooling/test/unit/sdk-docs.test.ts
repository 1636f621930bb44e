import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../lib/workspace.mjs';

/**
 * Issue 29 item 7: every symbol a published SDK entry exports carries a doc comment (the reference a
 * third party reads in the editor). Read from the sources with the TypeScript checker, re-exports followed.
 */
const ENTRIES = {
  '@atende/sdk-server': 'sdk/server/src/index.ts',
  '@atende/sdk-server/testing': 'sdk/server/src/testing/index.ts',
  '@atende/sdk-web': 'sdk/web/src/index.ts',
  '@atende/sdk-web/vite': 'sdk/web/src/vite.ts',
  '@atende/sdk-web/federation': 'sdk/web/src/federation.ts',
};

// One program for every entry: building it is what takes the time.
let program: ts.Program | undefined;

function undocumented(entry: string): { exports: number; missing: string[] } {
  const file = path.join(ROOT, entry);
  program ??= ts.createProgram(Object.values(ENTRIES).map((e) => path.join(ROOT, e)), {
    target: ts.ScriptTarget.ES2023,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    jsx: ts.JsxEmit.ReactJSX,
    experimentalDecorators: true,
    skipLibCheck: true,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file)!;
  const exported = checker.getExportsOfModule(checker.getSymbolAtLocation(source)!);
  const missing = exported
    .filter((sym) => {
      const target = sym.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(sym) : sym;
      const text = ts.displayPartsToString(target.getDocumentationComment(checker)).trim();
      return text.length === 0;
    })
    .map((sym) => sym.getName())
    .sort();
  return { exports: exported.length, missing };
}

describe('SDK exports are documented', () => {
  for (const [name, entry] of Object.entries(ENTRIES)) {
    it(`${name}: every export has a doc comment`, () => {
      const { exports, missing } = undocumented(entry);
      expect(exports).toBeGreaterThan(0);
      expect(missing, `undocumented exports of ${name} (${entry})`).toEqual([]);
    }, 120_000); // type-checking the SDK's sources takes a while on a busy machine
  }
});
