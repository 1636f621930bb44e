import { lazy } from 'react';
import { FolderOpenOutlined } from '@ant-design/icons';
import type { FlowNodeEditor } from '@atende/sdk-web';

/**
 * The flow builder's "file list" step (issue 38 item 11), on its node-editor extension point: offered
 * in the "+" menu while this plugin is installed; the server side is the files plugin's executor.
 */
export const fileListStep: FlowNodeEditor = {
  type: 'fileList',
  namespace: 'files',
  title: 'flow.title',
  icon: <FolderOpenOutlined />,
  order: 65,
  defaults: () => ({ name: '' }),
  Body: lazy(() => import('./FileListStepBody.js')),
  check: (d) => (typeof d.fileListId === 'number' && d.fileListId > 0 ? null : 'flow.required'),
};
