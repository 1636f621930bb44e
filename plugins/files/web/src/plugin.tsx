import { FolderOpenOutlined } from '@ant-design/icons';
import { defineWebPlugin } from '@atende/sdk-web';
import { FILES_MANIFEST } from '@atende/plugin-files-contract';
import { locales } from './locales.js';

export default defineWebPlugin({
  id: 'files',
  manifest: FILES_MANIFEST,
  pages: { list: () => import('./FilesPage.js') },
  menu: [{ path: FILES_MANIFEST.pages.list.path, icon: FolderOpenOutlined }],
  widgets: [{ zone: 'ticket.input.toolbar', load: () => import('./SendFileListButton.js') }],
  locales,
  errors: {
    es: { ERR_NO_FILE_FOUND: 'Lista de archivos no encontrada.', ERR_NO_FILE_OPTION_FOUND: 'Archivo de la lista no encontrado.', ERR_FILE_NAME_ALREADY_EXISTS: 'Ya existe una lista con este nombre.' },
    pt: { ERR_NO_FILE_FOUND: 'Lista de arquivos não encontrada.', ERR_NO_FILE_OPTION_FOUND: 'Arquivo da lista não encontrado.', ERR_FILE_NAME_ALREADY_EXISTS: 'Já existe uma lista com este nome.' },
    en: { ERR_NO_FILE_FOUND: 'File list not found.', ERR_NO_FILE_OPTION_FOUND: 'File list entry not found.', ERR_FILE_NAME_ALREADY_EXISTS: 'A list with this name already exists.' },
  },
});
