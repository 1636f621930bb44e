import { createExtensionPoint } from '@atende/sdk-server';
import { INTEGRATION_DIRECTORY, type IntegrationDirectory } from '@atende/plugin-integrations-contract';

/**
 * Which integration ids a company has: the integrations plugin owns those records and answers through
 * its contract's `integrations.directory` point. Both plugins share the plan flag (useIntegrations);
 * without the integrations plugin no id is known, so only the connection's own one counts.
 */
export const integrationDirectory = createExtensionPoint<IntegrationDirectory>(INTEGRATION_DIRECTORY);
export { INTEGRATION_DIRECTORY, type IntegrationDirectory };
