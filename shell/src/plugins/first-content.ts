/**
 * When plugin remotes not needed to draw the first screen may load (issue 30 item 4): on /tickets after
 * its list shows its first page (TicketList tells), on a plugin's page once that page is shown
 * (PluginView tells; issue 32, the first view of /dashboard), on other screens at once. So the agents' main
 * screen draws with the shell's code only, and the badges, the top bar's bell and the federation
 * runtime come right after it.
 */
let shown = false;
const waiting: (() => void)[] = [];

/** The ticket list has drawn its first page (or found it empty). */
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
  if (shown || (!pluginPage && !/^\/tickets(\/|$)/.test(path))) return Promise.resolve();
  return new Promise((resolve) => {
    waiting.push(resolve);
    setTimeout(resolve, maxMs);
  });
}
