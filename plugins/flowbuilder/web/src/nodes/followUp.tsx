import { ClockCircleOutlined } from '@ant-design/icons';
import type { FlowNodeEditor } from '@atende/sdk-web';
import { FollowUpBody, finishFollowUp, followUpCheck, followUpDefaults } from '../editors/FollowUpEditor.js';

/** Seguimiento: waits and sends reminders until the contact answers ('Respuesta' output). */
const followUp: FlowNodeEditor = {
  type: 'followUp',
  namespace: 'flowbuilder',
  title: 'types.followUp',
  icon: <ClockCircleOutlined />,
  order: 70,
  defaults: followUpDefaults,
  Body: FollowUpBody,
  check: followUpCheck,
  finish: finishFollowUp,
  wide: true,
};
export default followUp;
