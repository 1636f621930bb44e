import { FolderOpenOutlined } from '@ant-design/icons';
import { defineWebPlugin, flowNodeEditors, registerFlowNodeEditor } from '@atende/sdk-web';
import { FILES_MANIFEST } from '@atende/plugin-files-contract';
import { locales } from './locales.js';
import { fileListStep } from './flowStep.js';

// The flow builder's "+" menu offers the file-list step once this remote has loaded (it loads when a
// flow is opened: the manifest contributes to flowbuilder.node-editors). Once per page, however often
// the module is evaluated.
if (!flowNodeEditors.get('files.fileList')) registerFlowNodeEditor('files', fileListStep);

export default defineWebPlugin({
  id: 'files',
  manifest: FILES_MANIFEST,
  pages: { list: () => import('./FilesPage.js') },
  menu: [{ path: FILES_MANIFEST.pages.list.path, icon: FolderOpenOutlined }],
  widgets: [
    { zone: 'ticket.input.toolbar', load: () => import('./SendFileListButton.js') },
    { zone: 'quickMessage.modal.attachments', load: () => import('./QuickReplyFileListPicker.js') },
  ],
  locales,
  errors: {
    es: { ERR_NO_FILE_FOUND: 'Lista de archivos no encontrada.', ERR_NO_FILE_OPTION_FOUND: 'Archivo de la lista no encontrado.', ERR_FILE_NAME_ALREADY_EXISTS: 'Ya existe una lista con este nombre.' },
    pt: { ERR_NO_FILE_FOUND: 'Lista de arquivos não encontrada.', ERR_NO_FILE_OPTION_FOUND: 'Arquivo da lista não encontrado.', ERR_FILE_NAME_ALREADY_EXISTS: 'Já existe uma lista com este nome.' },
    en: { ERR_NO_FILE_FOUND: 'File list not found.', ERR_NO_FILE_OPTION_FOUND: 'File list entry not found.', ERR_FILE_NAME_ALREADY_EXISTS: 'A list with this name already exists.' },
  },
});
