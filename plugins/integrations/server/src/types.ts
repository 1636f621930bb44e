import { createExtensionPoint } from '@atende/sdk-server';
import { INTEGRATION_TYPES, type IntegrationType } from '@atende/plugin-integrations-contract';

/** The integration types every plugin contributed (this one's built-ins included). The first for a type wins. */
export const integrationTypes = () => createExtensionPoint<IntegrationType>(INTEGRATION_TYPES);

export function typeOf(type: string): IntegrationType | undefined {
  return integrationTypes()
    .all()
    .find(({ contribution }) => contribution.type === type)?.contribution;
}

export const typeNames = () => [...new Set(integrationTypes().all().map(({ contribution }) => contribution.type))].sort();
