import { z } from 'zod';

/** The plugin's company settings: served by the kernel's settings API and screens, read through SETTINGS. */
export const SETTING_KEYWORD = 'ai.keyword';
export const SETTING_ANSWER = 'ai.answer';

export const AI_SETTINGS = {
  company: {
    [SETTING_KEYWORD]: { schema: z.string().trim().min(1).max(40), default: 'ai' },
    [SETTING_ANSWER]: { schema: z.string().trim().min(1).max(1000), default: '¡Hola! Gracias por escribir.' },
  },
};
