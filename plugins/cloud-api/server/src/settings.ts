import { z } from 'zod';

/** The plugin's company settings: served by the kernel's settings API and screens, read through SETTINGS. */
export const SETTING_KEYWORD = 'cloud-api.keyword';
export const SETTING_ANSWER = 'cloud-api.answer';

export const CLOUD_API_SETTINGS = {
  company: {
    [SETTING_KEYWORD]: { schema: z.string().trim().min(1).max(40), default: 'cloud-api' },
    [SETTING_ANSWER]: { schema: z.string().trim().min(1).max(1000), default: '¡Hola! Gracias por escribir.' },
  },
};
