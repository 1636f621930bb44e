import { z } from 'zod';
import { FLOW_EXPORT_KEY_SETTING } from '@atende/plugin-flowbuilder-contract';

/**
 * The export key is a platform (global, super-user) secret: exported files open on any company of this
 * platform and nowhere else. Empty until the first export or import generates it (Settings.globalSecret);
 * a super user may set another (32+ characters).
 */
export const FLOWBUILDER_SETTINGS = {
  global: {
    [FLOW_EXPORT_KEY_SETTING]: { schema: z.string().refine((s) => s === '' || s.length >= 32, 'too_short').pipe(z.string().max(500)), default: '', secret: true },
  },
};
