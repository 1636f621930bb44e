import type { ZoneWidgetProps } from '@atende/sdk-web';
import { FlowSelectField } from './FlowSelectField.js';

/** The connection modal's flow: new tickets on this connection start it. */
export default function ConnectionFlowField({ context }: ZoneWidgetProps<'connection.modal.fields'>) {
  return <FlowSelectField testId="connection-flow" current={context.connection?.bindings?.flowId} />;
}
