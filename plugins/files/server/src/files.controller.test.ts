import { describe, expect, it } from 'vitest';
import { unservedEndpoints } from '@atende/sdk-server/testing';
import { FILES_ENDPOINTS } from '@atende/plugin-files-contract';
import { FilesController } from './files.controller.js';

describe('files routes', () => {
  it('serve every endpoint the contract declares', () => {
    expect(unservedEndpoints([FilesController], { files: FILES_ENDPOINTS })).toEqual([]);
  });
});
