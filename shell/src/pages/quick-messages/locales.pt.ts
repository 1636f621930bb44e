import type { Tree } from './locales.js';

/** Portuguese texts of this area, loaded when the language is chosen. */
export const pt: Tree = {
  quickMessages: {
    title: 'Respostas rápidas',
    search: 'Buscar atalho ou mensagem…',
    add: 'Adicionar resposta',
    empty: 'Ainda não há respostas rápidas.',
    shortcode: 'Atalho',
    shortcodeHint: 'Digite /{{code}} na conversa para usá-la.',
    message: 'Mensagem',
    shared: 'Compartilhada com a empresa',
    sharedShort: 'Compartilhada',
    personal: 'Pessoal',
    attachment: 'Anexo',
    attach: 'Anexar arquivo',
    removeAttachment: 'Remover anexo',
    noAttachment: 'Sem anexo',
    tooBig: 'O arquivo excede o tamanho máximo de {{mb}} MB.',
    addTitle: 'Nova resposta rápida',
    editTitle: 'Editar resposta rápida',
    saved: 'Resposta rápida salva.',
    deleted: 'Resposta rápida excluída.',
    confirmDelete: 'Excluir a resposta /{{code}}?',
    required: 'Obrigatório',
    tooLong: 'Muito longo',
  },
};
