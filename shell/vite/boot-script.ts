import type { Plugin } from 'vite';
import { SHARED_COPY_QUERY } from '@atende/sdk-web/vite';
import { SHELL_PATH, TICKETS_PATH } from '../src/first-screen.js';

/** The modules whose chunks a signed-in first view needs, by what it shows (src/first-screen.ts). */
const SCREENS = {
  layout: '/src/layout/MainLayout.tsx',
  tickets: '/src/pages/tickets/TicketsPage.tsx',
  plugin: '/src/plugins/federation-host.ts',
} as const;
type Screen = keyof typeof SCREENS;

export interface BootScriptInput {
  /** localStorage key of the access token (sdk-web's STORAGE_KEYS.token). */
  tokenKey: string;
  /** GETs every signed-in view makes first (sdk-web's api takes their answers: `__atendeEarly`). */
  early: string[];
  /** Files to preload for each screen, relative to `base`. */
  chunks: Record<Screen, string[]>;
  base: string;
}

/**
 * The boot script's source. Run by the HTML before the app's code has downloaded, on a signed-in visit
 * (a stored token) it asks for the session's first answers and starts downloading the code of the
 * screen the path shows, which the app would otherwise ask for only after its own start-up code ran
 * (~0.4 s on a first view here). Signed out (/login) it does nothing.
 */
export function bootScriptSource({ tokenKey, early, chunks, base }: BootScriptInput): string {
  return `// Written by shell/vite/boot-script.ts at build time.
(function () {
  var token = null;
  try { token = localStorage.getItem(${JSON.stringify(tokenKey)}); } catch (e) { return; }
  if (!token) return;
  var headers = { Accept: 'application/json', Authorization: 'Bearer ' + token };
  window.__atendeEarly = ${JSON.stringify(early)}.map(function (url) {
    var answer = fetch(url, { method: 'GET', headers: headers, credentials: 'same-origin' });
    answer.catch(function () {});
    return { url: url, token: token, answer: answer, at: Date.now() };
  });
  var chunks = ${JSON.stringify(chunks)};
  var path = location.pathname;
  var files = chunks.layout.concat(${TICKETS_PATH}.test(path) ? chunks.tickets : ${SHELL_PATH}.test(path) ? [] : chunks.plugin);
  for (var i = 0; i < files.length; i++) {
    var link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = ${JSON.stringify(base)} + files[i];
    document.head.appendChild(link);
  }
})();
`;
}

export interface ChunkLike {
  type: 'chunk';
  fileName: string;
  imports: string[];
  dynamicImports: string[];
  isEntry: boolean;
  facadeModuleId: string | null;
}

/**
 * Each screen's files: its chunk and the chunks it imports statically, less those index.html already
 * preloads; a screen's files leave out the layout's (both preload on a signed-in view). A plugin's page
 * also takes the shared modules the federation runtime loads before any remote registers
 * (sharesLoaded: antd's whole module among them), less the copies. A string says what is missing.
 */
export function screenFiles(chunks: ChunkLike[]): Record<Screen, string[]> | string {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const closure = (first: ChunkLike, into = new Set<string>()) => {
    const pending = [first.fileName];
    while (pending.length) {
      const file = pending.pop()!;
      if (into.has(file)) continue;
      into.add(file);
      pending.push(...(byFile.get(file)?.imports ?? []));
    }
    return into;
  };
  const entry = chunks.find((c) => c.isEntry);
  if (!entry) return 'no entry chunk';
  const atStart = closure(entry);
  const own: Partial<Record<Screen, Set<string>>> = {};
  for (const screen of Object.keys(SCREENS) as Screen[]) {
    const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(SCREENS[screen]));
    if (!chunk) return `no chunk for ${SCREENS[screen]} (is it still imported lazily?)`;
    const files = closure(chunk);
    // Not the copies (the contracts): only remotes built before SDK 1.1 take them (HOST_ONLY_SHARED).
    if (screen === 'plugin') for (const shared of chunk.dynamicImports) if (byFile.has(shared) && !byFile.get(shared)!.facadeModuleId?.endsWith(SHARED_COPY_QUERY)) closure(byFile.get(shared)!, files);
    own[screen] = files;
  }
  const layout = [...own.layout!].filter((f) => !atStart.has(f));
  const beyond = (files: Set<string>) => [...files].filter((f) => !atStart.has(f) && !layout.includes(f));
  return { layout, tickets: beyond(own.tickets!), plugin: beyond(own.plugin!) };
}

/**
 * Emits `boot.js` beside index.html and loads it from the page's head (a classic script: it runs before
 * the app's modules, which read `__atendeEarly`). Each screen's files are its chunk and the chunks
 * it imports statically, less those index.html already preloads.
 */
export function bootScript(opts: Pick<BootScriptInput, 'tokenKey' | 'early'>): Plugin {
  let base = '/';
  return {
    name: 'atende:boot-script',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      // Last in the head: the app's own module and its preloads are discovered first; a classic script
      // still runs before any module script does.
      handler: () => [{ tag: 'script', attrs: { src: `${base}boot.js` }, injectTo: 'head' }],
    },
    generateBundle(_, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk') as unknown as ChunkLike[];
      const files = screenFiles(chunks);
      if (typeof files === 'string') return this.error(`boot-script: ${files}`);
      const source = bootScriptSource({ ...opts, base, chunks: files });
      this.emitFile({ type: 'asset', fileName: 'boot.js', source });
    },
  };
}
