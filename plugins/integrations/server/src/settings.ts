import { z } from 'zod';

/** The plugin's company settings: served by the kernel's settings API and screens, read through SETTINGS. */
export const SETTING_KEYWORD = 'integrations.keyword';
export const SETTING_ANSWER = 'integrations.answer';

export const INTEGRATIONS_SETTINGS = {
  company: {
    [SETTING_KEYWORD]: { schema: z.string().trim().min(1).max(40), default: 'integrations' },
    [SETTING_ANSWER]: { schema: z.string().trim().min(1).max(1000), default: '¡Hola! Gracias por escribir.' },
  },
};
