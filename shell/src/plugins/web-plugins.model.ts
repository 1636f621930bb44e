import { createEvent, createStore } from 'effector';
import { sessionEnded, type WebPluginDefinition } from '@atende/sdk-web';

/** A plugin's remote has loaded: what it renders (menu icons and badges are read from here). */
export const webPluginLoaded = createEvent<WebPluginDefinition>();

/** The loaded plugin definitions of this session, by plugin id. */
export const $webPlugins = createStore<Record<string, WebPluginDefinition>>({})
  .on(webPluginLoaded, (all, d) => ({ ...all, [d.id]: d }))
  .reset(sessionEnded);
