import { AppError, type Tickets } from '@atende/sdk-server';

/**
 * The TICKETS port as one plugin's module gets it: `mark` sets or clears only the plugin's own
 * automation marker and names only its own handlers in `heldBy` (as MESSAGES binds `source`, see
 * plugin-messages.ts); every other method is the kernel's. Plugins run in the kernel's process: this
 * stops mistakes and careless code, it is not a sandbox.
 */
export function pluginTickets(pluginId: string, inner: Tickets): Tickets {
  const mark: Tickets['mark'] = async (companyId, ticketId, marker, options) => {
    if (marker && marker.plugin !== pluginId) throw AppError.forbidden(`Plugin ${pluginId} may not mark tickets as plugin "${marker.plugin}".`);
    if (options?.heldBy !== undefined && !options.heldBy.startsWith(`${pluginId}.`)) throw AppError.forbidden(`Plugin ${pluginId} may not act as the handler "${options.heldBy}".`);
    return inner.mark(companyId, ticketId, marker, options);
  };
  return new Proxy(inner, {
    get(target, prop, receiver) {
      if (prop === 'mark') return mark;
      const value = Reflect.get(target, prop, receiver) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
