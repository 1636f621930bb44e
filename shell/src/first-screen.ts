/**
 * What a signed-in first visit of a path shows: the tickets screen (also behind /), one of the shell's
 * other screens, or a plugin's page. Read by App.tsx (which code to fetch while the session is restored)
 * and by the page's boot script (vite/boot-script.ts, which starts the same downloads before the app's
 * code has even run); this module imports nothing so the build can read it too.
 */
export type FirstScreen = 'tickets' | 'shell' | 'plugin';

export const TICKETS_PATH = /^\/(tickets(\/|$)|$)/;
/** The shell's own screens (App.tsx's routes): any other signed-in path is a plugin's page. */
export const SHELL_PATH = /^\/(connections|queues|contacts|tags|quick-messages|users|sandbox|external-api|settings|login|signup|forgetpsw)(\/|$)/;

export function firstScreenOf(path: string): FirstScreen {
  if (TICKETS_PATH.test(path)) return 'tickets';
  return SHELL_PATH.test(path) ? 'shell' : 'plugin';
}
