import { z } from 'zod';
import { FLOW_EXPORT_KEY_SETTING } from '@atende/plugin-flowbuilder-contract';

/**
 * The export key is a platform (global, super-user) secret: exported files open on any company of this
 * platform and nowhere else. No default: until it is set (32+ characters), export answers 409.
 */
export const FLOWBUILDER_SETTINGS = {
  global: {
    [FLOW_EXPORT_KEY_SETTING]: { schema: z.string().refine((s) => s === '' || s.length >= 32, 'too_short').pipe(z.string().max(500)), default: '', secret: true },
  },
};
