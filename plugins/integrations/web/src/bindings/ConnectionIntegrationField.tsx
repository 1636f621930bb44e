import type { ZoneWidgetProps } from '@atende/sdk-web';
import { IntegrationSelectField } from './IntegrationSelectField.js';

/** The connection modal's integration: new conversations on this connection go to it. */
export default function ConnectionIntegrationField({ context }: ZoneWidgetProps<'connection.modal.fields'>) {
  return <IntegrationSelectField testId="connection-integration" current={context.connection?.integrationId} />;
}
