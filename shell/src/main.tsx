// The shell's start (bootstrap.tsx). Plugin remotes read the shared modules later, through the share scope
// defined with the first one (plugins/share-scope.ts), so no async boundary is needed here.
import './bootstrap.js';
