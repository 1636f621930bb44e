/** Texts of this area, merged into the shell's 'core' namespace under 'tags'. Spanish is the default and fallback. */
const es = {
  tags: {
    title: 'Etiquetas',
    search: 'Buscar etiqueta…',
    add: 'Agregar etiqueta',
    empty: 'Aún no hay etiquetas.',
    name: 'Nombre',
    color: 'Color',
    tickets: 'Atenciones',
    kanban: 'Kanban',
    kanbanHint: 'Mostrar como columna en el tablero kanban.',
    addTitle: 'Nueva etiqueta',
    editTitle: 'Editar etiqueta',
    saved: 'Etiqueta guardada.',
    deleted: 'Etiqueta eliminada.',
    confirmDelete: '¿Eliminar la etiqueta {{name}}? Se quitará de las atenciones que la tienen.',
    tooShort: 'Mensaje muy corto',
    required: 'Obligatorio',
    tooLong: 'Demasiado largo',
    invalidColor: 'Color inválido',
    nameInUse: 'Ya existe una etiqueta con este nombre.',
    quickAdd: 'Crear etiqueta rápida',
    quickPlaceholder: 'Nombre de la etiqueta',
    create: 'Crear',
    modeDisplay: 'Ver',
    modeEdit: 'Editar',
    ticketsCount: '{{n}} atenciones',
  },
};

type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };
export type Tree = Texts<typeof es>;

export const tagsLocales = { es };
