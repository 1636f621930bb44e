import type { ZoneWidgetProps } from '@atende/sdk-web';
import { IntegrationSelectField } from './IntegrationSelectField.js';

/** The queue modal's "Integración" tab: pending conversations of this queue go to it. */
export default function QueueIntegrationTab({ context }: ZoneWidgetProps<'queue.modal.tabs'>) {
  return <IntegrationSelectField testId="queue-integration" current={context.queue?.integrationId} />;
}
