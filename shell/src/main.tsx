// The shell's start (bootstrap.tsx). Module federation starts later, with the first plugin remote
// (plugins/federation-host.ts), so no async boundary is needed here.
import './bootstrap.js';
