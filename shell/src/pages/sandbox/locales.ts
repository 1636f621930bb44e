/** Texts of this area, merged into the shell's 'core' namespace (sandbox). Spanish is the default and fallback. */
const es = {
  sandbox: {
    title: 'Simulador',
    intro: 'Converse con su empresa como si fuera un cliente, a través de un teléfono simulado. Útil para demostraciones y para probar los bots sin un teléfono.',
    connection: 'Conexión de prueba',
    pickConnection: 'Seleccione una conexión',
    noConnections: 'Todavía no hay conexiones de prueba. Cree una para empezar.',
    newName: 'Nombre de la nueva conexión',
    newNamePlaceholder: 'Ej.: Teléfono de prueba',
    create: 'Crear',
    created: 'Conexión de prueba creada.',
    new: 'Nueva conexión de prueba',
    status: 'Estado',
    status_CONNECTED: 'Conectada',
    status_DISCONNECTED: 'Desconectada',
    status_qrcode: 'Esperando código QR',
    status_OPENING: 'Conectando…',
    status_PAIRING: 'Emparejando…',
    status_TIMEOUT: 'Tiempo agotado',
    start: 'Iniciar',
    scan: 'Vincular el teléfono simulado',
    waitingLink: 'La conexión espera que se escanee su código QR (o se escriba el código). El teléfono simulado puede hacerlo.',
    startTimeout: 'La conexión no se conectó. Revise su estado en Conexiones e inténtelo de nuevo.',
    queues: 'Colas',
    customer: 'Cliente',
    number: 'Número de teléfono',
    numberHint: 'Solo números, de 8 a 15 dígitos.',
    invalidNumber: 'Ingrese un número de 8 a 15 dígitos.',
    name: 'Nombre del cliente',
    nameHint: 'Así aparecerá el contacto en Atende.',
    defaultName: 'Cliente de prueba',
    chattingAs: '{{name}} · +{{number}}',
    pickFirst: 'Seleccione o cree una conexión de prueba.',
    notConnected: 'Inicie la conexión para poder escribir.',
    empty: 'Sin mensajes. Escriba como cliente para empezar.',
    inputPlaceholder: 'Escriba un mensaje',
    send: 'Enviar',
    sending: 'Enviando…',
    notSent: 'No enviado',
    attachment: 'Archivo adjunto',
  },
};

type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };
export type Tree = Texts<typeof es>;

export const sandboxLocales = { es };
