import { startTransition, useEffect, useState } from 'react';
import { firstScreenOf } from '../first-screen.js';

/**
 * When plugin remotes not needed to draw the first screen may load (issue 30 item 4): on /tickets after
 * its list shows its first page (TicketList tells), on a plugin's page once that page is shown
 * (PluginView tells; issue 32, the first view of /dashboard), on the shell's other screens once the
 * screen is drawn (MainLayout tells), on a path that is none of those at once. So a first view draws with
 * its own code only, and the badges, the top bar's bell and the federation runtime come right after it
 * (on /contacts they came first, and the screen's code waited behind ~40 of their files).
 */
let shown = false;
const waiting: (() => void)[] = [];

/** The first screen's content is drawn: the ticket list's first page (or none), a plugin's page, another screen. */
export function firstContentShown() {
  if (shown) return;
  shown = true;
  for (const resolve of waiting.splice(0)) resolve();
}

/**
 * Resolves once the first content is drawn, at once where no screen tells, and after `maxMs` at most.
 * `pluginPage`: the path is a plugin's page, which tells when it is shown (PluginView).
 */
export function afterFirstContent(maxMs = 10_000, path = location.pathname, pluginPage = false): Promise<void> {
  if (shown || (!pluginPage && firstScreenOf(path) === 'plugin')) return Promise.resolve();
  return new Promise((resolve) => {
    waiting.push(resolve);
    setTimeout(resolve, maxMs);
  });
}

/**
 * False until the first screen's content is drawn (on any path, a plugin's page included), or `maxMs`
 * has passed; then true. For what frames a first view but is not its content (the drawer's menu): drawn
 * after it, so its render does not hold the content back. The change is a transition: the page's own
 * updates right after it (a plugin page's figures arriving) interrupt it and are drawn first.
 */
export function useAfterFirstContent(maxMs: number): boolean {
  const [after, setAfter] = useState(shown);
  useEffect(() => {
    if (after) return;
    let live = true;
    void afterFirstContent(maxMs, location.pathname, true).then(() => live && startTransition(() => setAfter(true)));
    return () => {
      live = false;
    };
  }, []);
  return after;
}
