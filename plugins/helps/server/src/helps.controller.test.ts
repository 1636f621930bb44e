import { describe, expect, it } from 'vitest';
import { unservedEndpoints } from '@atende/sdk-server/testing';
import { HELP_ENDPOINTS } from '@atende/plugin-helps-contract';
import { HelpsController } from './helps.controller.js';

describe('helps routes', () => {
  it('serve every endpoint the contract declares', () => {
    expect(unservedEndpoints([HelpsController], { helps: HELP_ENDPOINTS })).toEqual([]);
  });
});
