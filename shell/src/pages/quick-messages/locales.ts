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
export type Tree = Texts<typeof es>;

export const quickMessagesLocales = { es };
