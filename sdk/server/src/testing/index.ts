/**
 * The plugin test kit (`@atende/sdk-server/testing`, issue 11 item 5): boot the kernel with your plugin
 * against the real PostgreSQL and Redis, sign in, drive the sandbox channel, read its outbox, query
 * the database and wait for background work. Plugin tests live in `plugins/<id>/server/test/` and run
 * with `npm test` (the integration project). See tooling/examples/ping-pong/test for a whole example.
 */
export * from './server.js';
export * from './wait.js';
export * from './tenants.js';
export * from './sandbox.js';
export * from './routes.js';
export * from './fakes/index.js';
