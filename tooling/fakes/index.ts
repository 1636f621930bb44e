/** Local stand-ins for the remote services integrations call (issue 33 item 5); base URLs are configurable. */
export { startFake, jsonOf, type FakeServer, type Recorded } from './fake-server.js';
export { startWebhookFake, type WebhookMode } from './webhook.js';
export { startTypebotFake } from './typebot.js';
export { startDialogflowFake, fakeServiceAccount } from './dialogflow.js';
export { startShopifyFake } from './shopify.js';
