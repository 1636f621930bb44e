import { createExtensionPoint } from '@atende/sdk-server';

/**
 * Which integration ids a company has (the integrations plugin owns those records). The integrations
 * plugin registers `find` here at merge; until then (or without it) the only integration this plugin
 * knows of a company is the one its Google connection was made for.
 */
export interface IntegrationDirectory {
  find(companyId: number, integrationId: number): Promise<{ id: number; name: string } | null>;
}
export const INTEGRATION_DIRECTORY = 'google-sheets.integration-directory';
export const integrationDirectory = createExtensionPoint<IntegrationDirectory>(INTEGRATION_DIRECTORY);
