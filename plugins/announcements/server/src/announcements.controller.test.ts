import { describe, expect, it } from 'vitest';
import { unservedEndpoints } from '@atende/sdk-server/testing';
import { ANNOUNCEMENT_ENDPOINTS } from '@atende/plugin-announcements-contract';
import { AnnouncementsController } from './announcements.controller.js';

describe('announcements routes', () => {
  it('serve every endpoint the contract declares', () => {
    expect(unservedEndpoints([AnnouncementsController], { announcements: ANNOUNCEMENT_ENDPOINTS })).toEqual([]);
  });
});
