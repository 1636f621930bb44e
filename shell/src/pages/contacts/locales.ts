/** Texts of this area, merged into the shell's 'core' namespace under 'contacts'. Spanish is the default and fallback. */
const es = {
  contacts: {
    title: 'Contactos',
    search: 'Buscar por nombre, número o correo…',
    add: 'Agregar contacto',
    import: 'Importar',
    importHint: 'Hoja .xlsx con las columnas nombre, número y correo.',
    missingColumns: 'La primera fila de la hoja debe nombrar las columnas: nombre, número y (opcional) correo.',
    export: 'Exportar CSV',
    exportFile: 'contactos.csv',
    empty: 'Aún no hay contactos.',
    name: 'Nombre',
    number: 'Número',
    email: 'Correo electrónico',
    openChat: 'Abrir conversación',
    confirmDelete: '¿Eliminar el contacto {{name}}? Sus atenciones y mensajes también se eliminarán.',
    deleted: 'Contacto eliminado.',
    addTitle: 'Nuevo contacto',
    editTitle: 'Editar contacto',
    saved: 'Contacto guardado.',
    numberHint: 'Con código de país, solo dígitos (por ejemplo 51987654321).',
    extraInfo: 'Información adicional',
    extraName: 'Nombre del campo',
    extraValue: 'Valor',
    addExtra: 'Agregar información',
    removeExtra: 'Quitar',
    xlsxOnly: 'Solo se aceptan archivos .xlsx. Abra su archivo (.csv o .xls) en una hoja de cálculo y guárdelo como .xlsx, con las columnas nombre, número y correo.',
    tooBig: 'El archivo supera el tamaño máximo de {{mb}} MB.',
    importing: 'Importando contactos…',
    importTitle: 'Resultado de la importación',
    importCreated: 'Contactos creados ({{n}})',
    importErrors: 'Filas con errores ({{n}})',
    importNone: 'Ninguno',
    close: 'Cerrar',
    otherUserTicket: 'Este contacto ya está siendo atendido por {{user}} en la cola {{queue}}.',
    noQueue: 'sin cola',
    importPhone: 'Importar desde el teléfono',
    importPhoneConfirm: 'Se crearán contactos con los números de la agenda del teléfono de la conexión predeterminada que aún no son contactos. ¿Continuar?',
    importPhoneOk: 'Importar',
    phoneImported_one: '{{count}} contacto importado',
    phoneImported_other: '{{count}} contactos importados',
  },
};

type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };
export type Tree = Texts<typeof es>;

export const contactsLocales = { es };
