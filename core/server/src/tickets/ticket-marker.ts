import { HANDLER_BINDINGS } from '@atende/sdk-server';

/** A ticket's automation marker as stored (core_0029): on or off, and the plugin record answering. */
export interface StoredMarker {
  useIntegration: boolean;
  automationPlugin: string | null;
  automationRef: number | null;
}

export const NO_MARKER: StoredMarker = { useIntegration: false, automationPlugin: null, automationRef: null };

/**
 * The API's `useIntegration`, `promptId`, `integrationId` of a stored marker: the record id shows under the
 * field its plugin answers to in HANDLER_BINDINGS (the AI plugin's `promptId`, the integrations plugin's
 * `integrationId`); a plugin with a field of its own (`flowId`) shows only `useIntegration`.
 */
export function markerFields(useIntegration: unknown, plugin: unknown, ref: unknown): { useIntegration: boolean; promptId: number | null; integrationId: number | null } {
  const field = typeof plugin === 'string' ? HANDLER_BINDINGS.get(plugin)?.field : undefined;
  const id = ref == null ? null : Number(ref);
  return { useIntegration: !!useIntegration, promptId: field === 'promptId' ? id : null, integrationId: field === 'integrationId' ? id : null };
}
