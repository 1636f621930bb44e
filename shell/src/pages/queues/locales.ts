/** Texts of this area, merged into the shell's 'core' namespace under 'queues'. Spanish is the default and fallback. */
const es = {
  queues: {
    title: 'Colas',
    add: 'Agregar cola',
    addTitle: 'Nueva cola',
    editTitle: 'Editar cola',
    empty: 'Aún no hay colas.',
    loadError: 'No se pudieron cargar las colas.',
    saved: 'Cola guardada.',
    deleted: 'Cola eliminada.',
    confirmDelete: '¿Eliminar la cola {{name}}?',
    confirmDeleteText: 'Sus opciones se eliminarán con ella.',
    name: 'Nombre',
    colour: 'Color',
    colourRequired: 'Elija un color',
    colourTaken: 'Otra cola ya usa este color; elija otro.',
    colourUsedBy: 'En uso por {{name}}',
    greeting: 'Mensaje de saludo',
    greetingHint: 'Se envía cuando el cliente entra en esta cola.',
    outOfHours: 'Mensaje fuera de horario',
    outOfHoursHint: 'Se envía fuera del horario de atención de la cola (cuando el horario es por cola).',
    order: 'Orden',
    orderHint: 'Posición en el menú del bot.',
    hoursHint: 'Horario de atención de la cola, de lunes a domingo. Un día con inicio y fin 00:00 queda cerrado.',
    optionsAfterSave: 'Guarde la cola para agregarle opciones.',
    tabs: { data: 'Datos de la cola', hours: 'Horario de atención', options: 'Opciones' },
    options: {
      hint: 'Cuando el cliente elige esta cola, el bot le ofrece estas opciones numeradas. Cada cambio se guarda al momento.',
      empty: 'Esta cola no tiene opciones.',
      add: 'Agregar opción',
      addSub: 'Agregar subopción',
      number: 'Número',
      numberInvalid: 'De 1 a 3 dígitos',
      numberUsed: 'Este número ya se usa en este nivel',
      title: 'Título',
      message: 'Mensaje',
      confirmDelete: '¿Eliminar la opción {{title}}?',
      confirmDeleteText: 'Sus subopciones se eliminarán con ella.',
    },
  },
};

/** The same shape as the Spanish texts, with strings as leaves. */
type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };
export type Tree = Texts<typeof es>;

export const queuesLocales = { es };
