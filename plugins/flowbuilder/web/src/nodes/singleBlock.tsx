import { FileTextOutlined } from '@ant-design/icons';
import { ApiError, type FlowNodeEditor } from '@atende/sdk-web';
import { ContentBlockBody, contentBlockCheck, contentBlockDefaults, finishContentBlock } from '../editors/ContentBlockEditor.js';
import { EditorFailure } from '../editors/failure.js';

/** Contenido: texts, pauses and media sent in order. */
const singleBlock: FlowNodeEditor = {
  type: 'singleBlock',
  namespace: 'flowbuilder',
  title: 'types.singleBlock',
  icon: <FileTextOutlined />,
  order: 10,
  defaults: contentBlockDefaults,
  Body: ContentBlockBody,
  check: contentBlockCheck,
  finish: async (d, ctx) => {
    try {
      return await finishContentBlock(d, ctx);
    } catch (err) {
      if (err instanceof EditorFailure) throw err;
      // What failed is said after "could not save the content".
      throw new EditorFailure('editor.contentError', err instanceof ApiError || err instanceof Error ? err.message : '');
    }
  },
  wide: true,
};
export default singleBlock;
