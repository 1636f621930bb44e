/** Texts of this area, merged into the shell's 'core' namespace under 'quickMessages'. Spanish is the default and fallback. */
const es = {
  quickMessages: {
    title: 'Respuestas rápidas',
    search: 'Buscar atajo o mensaje…',
    add: 'Agregar respuesta',
    empty: 'Aún no hay respuestas rápidas.',
    shortcode: 'Atajo',
    shortcodeHint: 'Escriba /{{code}} en la conversación para usarla.',
    message: 'Mensaje',
    shared: 'Compartida con la empresa',
    sharedShort: 'Compartida',
    personal: 'Personal',
    attachment: 'Archivo adjunto',
    attach: 'Adjuntar archivo',
    removeAttachment: 'Quitar adjunto',
    noAttachment: 'Sin adjunto',
    tooBig: 'El archivo supera el tamaño máximo de {{mb}} MB.',
    addTitle: 'Nueva respuesta rápida',
    editTitle: 'Editar respuesta rápida',
    saved: 'Respuesta rápida guardada.',
    deleted: 'Respuesta rápida eliminada.',
    confirmDelete: '¿Eliminar la respuesta /{{code}}?',
    required: 'Obligatorio',
    tooLong: 'Demasiado largo',
  },
};

type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };
type Tree = Texts<typeof es>;

const pt: Tree = {
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

const en: Tree = {
  quickMessages: {
    title: 'Quick messages',
    search: 'Search shortcut or message…',
    add: 'Add quick message',
    empty: 'No quick messages yet.',
    shortcode: 'Shortcut',
    shortcodeHint: 'Type /{{code}} in the conversation to use it.',
    message: 'Message',
    shared: 'Shared with the company',
    sharedShort: 'Shared',
    personal: 'Personal',
    attachment: 'Attachment',
    attach: 'Attach file',
    removeAttachment: 'Remove attachment',
    noAttachment: 'No attachment',
    tooBig: 'The file is larger than the {{mb}} MB limit.',
    addTitle: 'New quick message',
    editTitle: 'Edit quick message',
    saved: 'Quick message saved.',
    deleted: 'Quick message deleted.',
    confirmDelete: 'Delete the quick message /{{code}}?',
    required: 'Required',
    tooLong: 'Too long',
  },
};

export const quickMessagesLocales = { es, pt, en };
