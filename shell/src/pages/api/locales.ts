/** Texts of the API page, merged into the shell's 'core' namespace under 'api'. Spanish is the default and fallback. */
const es = {
  api: {
    title: 'API',
    intro: 'Envíe mensajes de WhatsApp desde otros sistemas a través de una conexión. Cada conexión tiene su propio token: quien lo tenga envía en nombre de su empresa, guárdelo como una contraseña.',
    unauthorized: 'No autorizado: el plan de su empresa no incluye la API externa.',
    connection: 'Conexión',
    pickConnection: 'Seleccione una conexión',
    noConnections: 'Todavía no hay conexiones. Cree una en Conexiones para obtener un token.',
    token: 'Token de la conexión',
    copy: 'Copiar',
    copied: 'Copiado',
    rotate: 'Generar un token nuevo',
    rotateTitle: '¿Generar un token nuevo para {{name}}?',
    rotateText: 'El token actual dejará de funcionar de inmediato: los sistemas que lo usan tendrán que usar el nuevo.',
    rotated: 'Token nuevo generado.',
    examples: 'Ejemplos',
    exampleText: 'Texto',
    exampleMediaUrl: 'Archivo por URL',
    exampleUpload: 'Archivo subido',
    idempotency: 'Con la cabecera Idempotency-Key, una llamada repetida (por un reintento) envía una sola vez y responde el primer resultado (durante 24 h).',
    limits: 'Hay un límite de llamadas por minuto para cada conexión; por encima se responde 429 ERR_TOO_MANY_ATTEMPTS.',
    errors: 'Errores',
    errorCode: 'Código',
    errorMeaning: 'Significado',
    err401: 'Token ausente, desconocido o ya rotado.',
    err403: 'El plan no incluye la API externa, o la empresa está desactivada.',
    err400contact: 'El número no tiene WhatsApp.',
    err400session: 'La sesión de la conexión no está iniciada.',
    err400url: 'La URL del archivo no está permitida (https pública, sin redirecciones) o no se pudo descargar.',
    err409: 'Una llamada con la misma Idempotency-Key todavía se está enviando.',
    err429: 'Demasiadas llamadas; reintente tras details.retryAfterSeconds.',
    docs: 'Referencia completa (OpenAPI 3.1)',
  },
};

type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };
export type Tree = Texts<typeof es>;

export const apiLocales = { es };
