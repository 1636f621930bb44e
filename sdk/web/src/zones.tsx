import { Suspense, lazy, useMemo, type ComponentType } from 'react';
import { createEvent, createStore } from 'effector';
import { useUnit } from 'effector-react';
import type { WebPluginWidget } from './plugin.js';

export interface RegisteredWidget extends WebPluginWidget {
  pluginId: string;
}

/** Filled by the shell as plugin remotes load. */
export const widgetsRegistered = createEvent<RegisteredWidget[]>();
export const $widgets = createStore<RegisteredWidget[]>([]).on(widgetsRegistered, (all, added) => [...all, ...added]);

const cache = new WeakMap<WebPluginWidget['load'], ComponentType<{ context?: unknown }>>();
function lazyOf(load: WebPluginWidget['load']) {
  let c = cache.get(load);
  if (!c) cache.set(load, (c = lazy(load)));
  return c;
}

/** A place in a kernel screen where plugins can add widgets (for example 'ticket.header.actions'). */
export function Zone({ name, context }: { name: string; context?: unknown }) {
  const widgets = useUnit($widgets);
  const here = useMemo(() => widgets.filter((w) => w.zone === name), [widgets, name]);
  return (
    <>
      {here.map((w, i) => {
        const C = lazyOf(w.load);
        return (
          <Suspense key={`${w.pluginId}-${i}`} fallback={null}>
            <C context={context} />
          </Suspense>
        );
      })}
    </>
  );
}
