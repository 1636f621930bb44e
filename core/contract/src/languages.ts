/**
 * The interface languages. Apart from auth.ts's schemas, so the web's first load (which needs the list)
 * does not bring zod: this module has none.
 */
export const LANGUAGES = ['es', 'pt', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
