/** Texts of this area, merged into the shell's 'core' namespace (users). Spanish is the default and fallback. */
const es = {
  users: {
    title: 'Usuarios',
    add: 'Agregar usuario',
    addTitle: 'Nuevo usuario',
    editTitle: 'Editar usuario',
    name: 'Nombre',
    email: 'Correo electrónico',
    password: 'Contraseña',
    passwordKeep: 'Déjela en blanco para mantener la contraseña actual.',
    creationDisabled: 'La creación de usuarios está desactivada en las opciones de la empresa.',
    currentPassword: 'Contraseña actual',
    currentPasswordHelp: 'Necesaria para cambiar su propia contraseña o correo.',
    profile: 'Perfil',
    superProfile: 'El perfil de superusuario no se cambia aquí.',
    queues: 'Colas',
    noQueues: 'Sin colas',
    whatsapp: 'Conexión predeterminada',
    noWhatsapp: 'Ninguna (la predeterminada de la empresa)',
    allTicket: 'Ver tickets sin cola',
    enabled: 'Usuario activo',
    status: 'Estado',
    online: 'En línea',
    offline: 'Desconectado',
    saved: 'Usuario guardado correctamente.',
    deleted: 'Usuario eliminado.',
    confirmDelete: '¿Eliminar a {{name}}? Sus tickets abiertos volverán a la cola.',
    empty: 'Todavía no hay usuarios.',
  },
};

type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };
export type Tree = Texts<typeof es>;

export const usersLocales = { es };
