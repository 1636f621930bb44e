export * from './extension-point.js';
export * from './flow-nodes.js';
export * from './installed-plugins.js';
