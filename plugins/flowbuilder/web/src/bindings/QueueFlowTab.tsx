import type { ZoneWidgetProps } from '@atende/sdk-web';
import { FlowSelectField } from './FlowSelectField.js';

/** The queue modal's "Flujo" tab: a pending ticket put in this queue starts the flow (once). */
export default function QueueFlowTab({ context }: ZoneWidgetProps<'queue.modal.tabs'>) {
  return <FlowSelectField testId="queue-flow" current={context.queue?.bindings?.flowId} />;
}
