/**
 * The version of this @atende/sdk-web (kept equal to its package.json by version.test.ts). A remote's
 * build stamps it into `atende-remote.json`; the shell compares it with its own (sdkWebMismatch).
 */
export const SDK_WEB_VERSION = '1.0.0';

/** The file a remote's build writes beside remoteEntry.js, read by the kernel for `GET /api/plugins` (`sdkWeb`). */
export const REMOTE_STAMP_FILE = 'atende-remote.json';

const parse = (v: string): [number, number, number] | null => {
  const m = /^(\d+)\.(\d+)\.(\d+)/.exec(v);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : null;
};

/**
 * Why a shell running SDK `running` must not load a remote built with SDK `builtWith`, or null when it
 * may. The shell provides the SDK to its remotes, so a remote needs the same major and nothing newer
 * than the shell has (a remote built with 1.3 may call what 1.2 lacks). An unknown `builtWith` (a remote
 * built before the stamp existed) is let through.
 */
export function sdkWebMismatch(builtWith: string | null | undefined, running: string = SDK_WEB_VERSION): string | null {
  if (!builtWith) return null;
  const b = parse(builtWith);
  const r = parse(running);
  if (!b || !r) return `unreadable SDK version "${builtWith}"`;
  if (b[0] !== r[0]) return `built with SDK ${builtWith}, the shell runs SDK ${running} (another major version)`;
  if (b[1] > r[1] || (b[1] === r[1] && b[2] > r[2])) return `built with SDK ${builtWith}, newer than the shell's SDK ${running}`;
  return null;
}
