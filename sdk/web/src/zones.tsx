import { Component, Suspense, lazy, useEffect, useMemo, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { createEvent, createStore } from 'effector';
import { useUnit } from 'effector-react';
import type { FormInstance } from 'antd';
import { sessionEnded } from './session.model.js';
import type { Connection, ContactDto, LocalizedText, MessageDto, Queue, QuickMessageAttachmentRef, TicketDto, UserDto, ZoneName } from '@atende/core-contract';

/**
 * What each zone hands its widgets (issue 12 item 1). A widget of zone Z receives `{ context:
 * ZoneContexts[Z] }`; the shell renders `<Zone name="…" context={…} />` where the zone sits.
 */
export interface ZoneContexts {
  /** Buttons beside the ticket's title (open ticket view). */
  'ticket.header.actions': { ticket: TicketDto };
  /** Entries of the ticket's "more" menu (render a menu-like button; the menu closes on click). */
  'ticket.options.menu': { ticket: TicketDto; close: () => void };
  /** Buttons in the message input's toolbar; `insert` adds text at the cursor. */
  'ticket.input.toolbar': { ticket: TicketDto; insert: (text: string) => void };
  /**
   * Pickers in the quick message dialog for an attachment a plugin provides (issue 38 item 11: a file
   * list). `set` chooses the one attachment (`kind` is the plugin's server-side QUICK_MESSAGE_ATTACHMENTS
   * key, `label` what the dialog shows); the dialog shows it with a remove button and saves it.
   */
  'quickMessage.modal.attachments': { attachment: QuickMessageAttachmentRef | null; set: (attachment: QuickMessageAttachmentRef | null) => void };
  /** Extra entries of a message's menu (render a menu-like button; `close` closes the menu). */
  'message.actions': { message: MessageDto; close: () => void };
  /** Sections at the end of the contact drawer. */
  'contact.drawer.sections': { contact: ContactDto };
  /** Buttons on a connection's row. */
  'connection.row.actions': { connection: Connection };
  /** Buttons at the top of the connections page (the flow builder's REVINCULAR); shown to who may edit connections. */
  'connections.page.actions': { connections: Connection[] };
  /** Extra fields in the connection modal, inside its form (the binding fields `promptId`/`integrationId` are sent with the connection). */
  'connection.modal.fields': { connection: Connection | null; form: FormInstance };
  /** Extra tabs of the queue modal, inside its form (the binding fields are sent with the queue); the tab's title is the widget's `label`. */
  'queue.modal.tabs': { queue: Queue | null; form: FormInstance };
  /** Buttons on a user's row (users list). */
  'users.row.actions': { user: UserDto };
  /** The top bar, beside the language and theme switches. */
  'layout.header': Record<string, never>;
  /** The bottom of the side drawer. */
  'layout.drawer.footer': { collapsed: boolean };
  /** Cards of the dashboard (the dashboard plugin renders this zone). */
  'dashboard.cards': { period: { from: string; to: string } };
}

// Compile-time check: the contract's zone names and the contexts here are the same set.
const everyZoneTyped: [ZoneName] extends [keyof ZoneContexts] ? ([keyof ZoneContexts] extends [ZoneName] ? true : never) : never = true;
void everyZoneTyped;

/** The props a widget of zone `Z` receives: `{ context }`, typed by ZoneContexts. */
export type ZoneWidgetProps<Z extends ZoneName> = { context: ZoneContexts[Z] };

/** A widget for one zone: a lazily loaded component of that zone's context (and, for tabs, a label). */
export type WebPluginWidget = {
  [Z in ZoneName]: { zone: Z; load: () => Promise<{ default: ComponentType<ZoneWidgetProps<Z>> }>; label?: LocalizedText };
}[ZoneName];

/**
 * The fields a plugin's widget in a connection or queue form may set: the API's binding fields
 * (`promptId`, `integrationId`, or a field its plugin declares under `bindings`, e.g. the form field
 * `['bindings', 'flowId']`: a record of the plugin, checked by the server). The forms send them when a
 * widget put them in the form; other fields of a widget stay in the browser.
 */
export function bindingFields(values: Record<string, unknown>): { promptId?: number | null; integrationId?: number | null; bindings?: Record<string, number | null> } {
  const ok = (v: unknown): v is number | null => v === null || (typeof v === 'number' && Number.isInteger(v) && v > 0);
  const out: { promptId?: number | null; integrationId?: number | null; bindings?: Record<string, number | null> } = {};
  for (const key of ['promptId', 'integrationId'] as const) {
    const v = values[key];
    if (ok(v)) out[key] = v;
  }
  const declared = values.bindings;
  if (declared && typeof declared === 'object') {
    const entries = Object.entries(declared).filter(([k, v]) => /^[a-z][A-Za-z0-9]*Id$/.test(k) && ok(v)) as [string, number | null][];
    if (entries.length) out.bindings = Object.fromEntries(entries);
  }
  return out;
}

/** A widget with the plugin it belongs to, as the shell registers it. */
export type RegisteredWidget = WebPluginWidget & { pluginId: string };

/** Filled by the shell as plugin remotes load (a plugin's remote loads when one of its zones first shows). */
export const widgetsRegistered = createEvent<RegisteredWidget[]>();
/** Only these plugins keep their widgets (the shell says so each time the plugin list changes). */
export const widgetsKeptFor = createEvent<string[]>();
/** The widgets of the loaded plugins this session (what `Zone` renders from). */
export const $widgets = createStore<RegisteredWidget[]>([])
  .on(widgetsRegistered, (all, added) => [...all.filter((w) => !added.some((a) => a.pluginId === w.pluginId)), ...added])
  .on(widgetsKeptFor, (all, ids) => all.filter((w) => ids.includes(w.pluginId)))
  // Another user (maybe of another company) may sign in next: their plugins register again.
  .reset(sessionEnded);

/**
 * A zone was put on screen (its widgets were asked for). The shell loads a plugin that fills only zones
 * when one of its zones first shows, so a screen without them (the ticket list) does not download it.
 */
export const zoneShown = createEvent<ZoneName>();
/** The zones shown so far in this session. */
export const $zonesShown = createStore<ZoneName[]>([])
  .on(zoneShown, (all, zone) => (all.includes(zone) ? all : [...all, zone]))
  .reset(sessionEnded);

const cache = new WeakMap<object, ComponentType<{ context: unknown }>>();
function lazyOf(load: WebPluginWidget['load']) {
  let c = cache.get(load);
  if (!c) cache.set(load, (c = lazy(load as () => Promise<{ default: ComponentType<{ context: unknown }> }>)));
  return c;
}

/**
 * One widget's own error boundary: a widget that throws (while loading or rendering) disappears and is
 * logged; the screen around it and the other widgets go on. It tries again when its context changes.
 */
export class WidgetBoundary extends Component<{ pluginId: string; zone: string; resetKey?: unknown; children: ReactNode }, { failed: boolean; key?: unknown }> {
  override state: { failed: boolean; key?: unknown } = { failed: false, key: this.props.resetKey };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: { resetKey?: unknown }, state: { failed: boolean; key?: unknown }) {
    return props.resetKey !== state.key ? { failed: false, key: props.resetKey } : null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`Widget of plugin ${this.props.pluginId} in zone ${this.props.zone} failed`, error, info.componentStack);
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** The widgets of one zone, in plugin load order. */
export function useZoneWidgets<Z extends ZoneName>(name: Z): Extract<RegisteredWidget, { zone: Z }>[] {
  const widgets = useUnit($widgets);
  useEffect(() => {
    zoneShown(name);
  }, [name]);
  return useMemo(() => widgets.filter((w): w is Extract<RegisteredWidget, { zone: Z }> => w.zone === name), [widgets, name]);
}

/** One widget, isolated (its own boundary and Suspense). For zones laid out by the screen (tabs). */
export function ZoneWidget<Z extends ZoneName>({ widget, context, resetKey }: { widget: Extract<RegisteredWidget, { zone: Z }>; context: ZoneContexts[Z]; resetKey?: unknown }) {
  const C = lazyOf(widget.load);
  return (
    <WidgetBoundary pluginId={widget.pluginId} zone={widget.zone} resetKey={resetKey}>
      <Suspense fallback={null}>
        <C context={context} />
      </Suspense>
    </WidgetBoundary>
  );
}

/**
 * A place in a kernel screen where plugins add widgets. Renders nothing when no plugin fills it, so a
 * screen shows an action only when a plugin the company may use provides it.
 */
export function Zone<Z extends ZoneName>({ name, context, resetKey }: { name: Z; context: ZoneContexts[Z]; resetKey?: unknown }) {
  const here = useZoneWidgets(name);
  return (
    <>
      {here.map((w) => (
        <ZoneWidget<Z> key={`${w.pluginId}:${here.indexOf(w)}`} widget={w} context={context} resetKey={resetKey} />
      ))}
    </>
  );
}
