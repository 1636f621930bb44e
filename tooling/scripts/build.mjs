// npm run build: install what is missing, then build every package.
import { buildAll, ensureInstalled } from '../lib/workspace.mjs';

await ensureInstalled();
await buildAll();
