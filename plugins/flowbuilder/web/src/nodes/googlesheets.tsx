import { TableOutlined } from '@ant-design/icons';
import type { FlowNodeEditor } from '@atende/sdk-web';
import { GoogleSheetsBody, finishGoogleSheets, googleSheetsCheck, googleSheetsDefaults } from '../editors/GoogleSheetsEditor.js';

/** Google Sheets: writes the conversation's fields to a sheet (executor from the integrations plugin). */
const googlesheets: FlowNodeEditor = {
  type: 'googlesheets',
  namespace: 'flowbuilder',
  title: 'types.googlesheets',
  icon: <TableOutlined />,
  order: 60,
  defaults: googleSheetsDefaults,
  Body: GoogleSheetsBody,
  check: googleSheetsCheck,
  finish: finishGoogleSheets,
  configure: true,
  // A stand-in until the plugin that runs this step contributes its own editor.
  fallback: true,
  wide: true,
};
export default googlesheets;
