import { describe, expect, it } from 'vitest';
import { unservedEndpoints } from '@atende/sdk-server/testing';
import { CLOUD_API_ENDPOINTS } from '@atende/plugin-cloud-api-contract';
import { NumbersController } from '../src/numbers/numbers.controller.js';
import { WebhookController } from '../src/webhook/webhook.controller.js';
import { TemplatesController } from '../src/templates/templates.controller.js';

/**
 * The web calls the plugin by its contract's declarations: each must be served. The plugin's behaviour
 * against the kernel, PostgreSQL, Redis and the fake Graph API is tooling/test/integration/cloud-api.test.ts.
 */
describe('cloud-api contract', () => {
  it('serves every endpoint its contract declares', () => {
    expect(unservedEndpoints([NumbersController, WebhookController, TemplatesController], { endpoints: CLOUD_API_ENDPOINTS })).toEqual([]);
  });
});
