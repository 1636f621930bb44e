/**
 * The error catalogue shared by server and clients (core-operations §8).
 * Every API error answers `{ error: ErrorCode, message, details? }`; clients translate by code.
 */
export const ERROR_CODES = [
  'ERR_INTERNAL_SERVER_ERROR',
  'ERR_NO_OTHER_WHATSAPP',
  'ERR_NO_DEF_WAPP_FOUND',
  'ERR_WAPP_NOT_INITIALIZED',
  'ERR_WAPP_CHECK_CONTACT',
  'ERR_WAPP_INVALID_CONTACT',
  'ERR_WAPP_DOWNLOAD_MEDIA',
  'ERR_INVALID_CREDENTIALS',
  'ERR_USER_DONT_EXISTS',
  'ERR_SENDING_WAPP_MSG',
  'ERR_DELETE_WAPP_MSG',
  'ERR_OTHER_OPEN_TICKET',
  'ERR_SESSION_EXPIRED',
  'ERR_USER_CREATION_DISABLED',
  'ERR_NO_PERMISSION',
  'ERR_DUPLICATED_CONTACT',
  'ERR_NO_SETTING_FOUND',
  'ERR_NO_CONTACT_FOUND',
  'ERR_NO_TICKET_FOUND',
  'ERR_NO_USER_FOUND',
  'ERR_NO_WAPP_FOUND',
  'ERR_NO_KEYWORD_FOUND',
  'ERR_CREATING_MESSAGE',
  'ERR_CREATING_TICKET',
  'ERR_FETCH_WAPP_MSG',
  'ERR_QUEUE_COLOR_ALREADY_EXISTS',
  'ERR_WAPP_GREETING_REQUIRED',
  'ERR_KEYWORD_ALREADY_EXISTS',
  // Not in the spec's table; added because the API needs them (decision recorded in README).
  'ERR_VALIDATION',
  'ERR_INVALID_TOKEN',
  'ERR_NOT_FOUND',
  'ERR_SUBSCRIPTION_EXPIRED',
  'ERR_TOO_MANY_ATTEMPTS',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ApiErrorBody {
  error: string;
  message: string;
  details?: unknown;
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ApiErrorBody).error === 'string' &&
    typeof (value as ApiErrorBody).message === 'string'
  );
}

type Lang = 'es' | 'pt' | 'en';

/** Translated texts by code; Spanish is the spec's, Portuguese and English are ours (spec: "not shown"). */
export const ERROR_MESSAGES: Record<Lang, Record<ErrorCode, string>> = {
  es: {
    ERR_INTERNAL_SERVER_ERROR: 'Error inesperado del servidor. Inténtelo más tarde.',
    ERR_NO_OTHER_WHATSAPP: 'Debe haber al menos una conexión de WhatsApp predeterminada.',
    ERR_NO_DEF_WAPP_FOUND: 'No se encontró una conexión predeterminada. Revise la página de conexiones.',
    ERR_WAPP_NOT_INITIALIZED: 'La sesión de WhatsApp no fue inicializada. Revise la página de conexiones.',
    ERR_WAPP_CHECK_CONTACT: 'No se pudo verificar el contacto de WhatsApp. Revise la página de conexiones.',
    ERR_WAPP_INVALID_CONTACT: 'Este no es un número de WhatsApp válido.',
    ERR_WAPP_DOWNLOAD_MEDIA: 'No se pudo descargar el archivo de WhatsApp. Revise la página de conexiones.',
    ERR_INVALID_CREDENTIALS: 'Error de autenticación. Por favor, inténtelo de nuevo.',
    ERR_USER_DONT_EXISTS: 'Usuario no encontrado. Verifique el correo electrónico informado.',
    ERR_SENDING_WAPP_MSG: 'Error al enviar el mensaje de WhatsApp. Revise la página de conexiones.',
    ERR_DELETE_WAPP_MSG: 'No se pudo borrar el mensaje de WhatsApp.',
    ERR_OTHER_OPEN_TICKET: 'Ya existe un ticket abierto para este contacto.',
    ERR_SESSION_EXPIRED: 'Sesión expirada. Por favor, inicie sesión.',
    ERR_USER_CREATION_DISABLED: 'La creación de usuarios fue deshabilitada por el administrador.',
    ERR_NO_PERMISSION: 'No tiene permiso para acceder a este recurso.',
    ERR_DUPLICATED_CONTACT: 'Ya existe un contacto con este número.',
    ERR_NO_SETTING_FOUND: 'No se encontró ninguna configuración con este ID.',
    ERR_NO_CONTACT_FOUND: 'No se encontró ningún contacto con este ID.',
    ERR_NO_TICKET_FOUND: 'No se encontró ningún ticket con este ID.',
    ERR_NO_USER_FOUND: 'No se encontró ningún usuario con este ID.',
    ERR_NO_WAPP_FOUND: 'No se encontró ninguna conexión de WhatsApp con este ID.',
    ERR_NO_KEYWORD_FOUND: 'No se encontró ninguna palabra clave con este ID.',
    ERR_CREATING_MESSAGE: 'Error al crear el mensaje en la base de datos.',
    ERR_CREATING_TICKET: 'Error al crear el ticket en la base de datos.',
    ERR_FETCH_WAPP_MSG: 'Error al obtener el mensaje en WhatsApp; tal vez sea demasiado antiguo.',
    ERR_QUEUE_COLOR_ALREADY_EXISTS: 'Este color ya está en uso; elija otro.',
    ERR_WAPP_GREETING_REQUIRED: 'El mensaje de saludo es obligatorio cuando hay más de una cola.',
    ERR_KEYWORD_ALREADY_EXISTS: 'Esta palabra clave ya existe.',
    ERR_VALIDATION: 'Datos inválidos. Revise los campos.',
    ERR_INVALID_TOKEN: 'Sesión inválida. Inicie sesión de nuevo.',
    ERR_NOT_FOUND: 'Registro no encontrado.',
    ERR_SUBSCRIPTION_EXPIRED:
      'Su suscripción ha vencido. Solo puede acceder a la sección de facturación para realizar el pago.',
    ERR_TOO_MANY_ATTEMPTS: 'Demasiados intentos. Espere unos minutos e inténtelo de nuevo.',
  },
  pt: {
    ERR_INTERNAL_SERVER_ERROR: 'Erro inesperado do servidor. Tente novamente mais tarde.',
    ERR_NO_OTHER_WHATSAPP: 'Deve haver pelo menos uma conexão de WhatsApp padrão.',
    ERR_NO_DEF_WAPP_FOUND: 'Nenhuma conexão padrão encontrada. Verifique a página de conexões.',
    ERR_WAPP_NOT_INITIALIZED: 'A sessão do WhatsApp não foi inicializada. Verifique a página de conexões.',
    ERR_WAPP_CHECK_CONTACT: 'Não foi possível verificar o contato do WhatsApp. Verifique a página de conexões.',
    ERR_WAPP_INVALID_CONTACT: 'Este não é um número de WhatsApp válido.',
    ERR_WAPP_DOWNLOAD_MEDIA: 'Não foi possível baixar a mídia do WhatsApp. Verifique a página de conexões.',
    ERR_INVALID_CREDENTIALS: 'Erro de autenticação. Por favor, tente novamente.',
    ERR_USER_DONT_EXISTS: 'Usuário não encontrado. Verifique o e-mail informado.',
    ERR_SENDING_WAPP_MSG: 'Erro ao enviar a mensagem do WhatsApp. Verifique a página de conexões.',
    ERR_DELETE_WAPP_MSG: 'Não foi possível apagar a mensagem do WhatsApp.',
    ERR_OTHER_OPEN_TICKET: 'Já existe um ticket aberto para este contato.',
    ERR_SESSION_EXPIRED: 'Sessão expirada. Por favor, entre novamente.',
    ERR_USER_CREATION_DISABLED: 'A criação de usuários foi desabilitada pelo administrador.',
    ERR_NO_PERMISSION: 'Você não tem permissão para acessar este recurso.',
    ERR_DUPLICATED_CONTACT: 'Já existe um contato com este número.',
    ERR_NO_SETTING_FOUND: 'Nenhuma configuração encontrada com este ID.',
    ERR_NO_CONTACT_FOUND: 'Nenhum contato encontrado com este ID.',
    ERR_NO_TICKET_FOUND: 'Nenhum ticket encontrado com este ID.',
    ERR_NO_USER_FOUND: 'Nenhum usuário encontrado com este ID.',
    ERR_NO_WAPP_FOUND: 'Nenhuma conexão de WhatsApp encontrada com este ID.',
    ERR_NO_KEYWORD_FOUND: 'Nenhuma palavra-chave encontrada com este ID.',
    ERR_CREATING_MESSAGE: 'Erro ao criar a mensagem no banco de dados.',
    ERR_CREATING_TICKET: 'Erro ao criar o ticket no banco de dados.',
    ERR_FETCH_WAPP_MSG: 'Erro ao buscar a mensagem no WhatsApp; talvez seja muito antiga.',
    ERR_QUEUE_COLOR_ALREADY_EXISTS: 'Esta cor já está em uso; escolha outra.',
    ERR_WAPP_GREETING_REQUIRED: 'A mensagem de saudação é obrigatória quando há mais de uma fila.',
    ERR_KEYWORD_ALREADY_EXISTS: 'Esta palavra-chave já existe.',
    ERR_VALIDATION: 'Dados inválidos. Verifique os campos.',
    ERR_INVALID_TOKEN: 'Sessão inválida. Entre novamente.',
    ERR_NOT_FOUND: 'Registro não encontrado.',
    ERR_SUBSCRIPTION_EXPIRED:
      'Sua assinatura venceu. Você só pode acessar a seção de faturamento para realizar o pagamento.',
    ERR_TOO_MANY_ATTEMPTS: 'Muitas tentativas. Aguarde alguns minutos e tente novamente.',
  },
  en: {
    ERR_INTERNAL_SERVER_ERROR: 'Unexpected server error. Please try again later.',
    ERR_NO_OTHER_WHATSAPP: 'There must be at least one default WhatsApp connection.',
    ERR_NO_DEF_WAPP_FOUND: 'No default connection found. Check the connections page.',
    ERR_WAPP_NOT_INITIALIZED: 'The WhatsApp session is not initialised. Check the connections page.',
    ERR_WAPP_CHECK_CONTACT: 'Could not verify the WhatsApp contact. Check the connections page.',
    ERR_WAPP_INVALID_CONTACT: 'This is not a valid WhatsApp number.',
    ERR_WAPP_DOWNLOAD_MEDIA: 'Could not download the WhatsApp media. Check the connections page.',
    ERR_INVALID_CREDENTIALS: 'Authentication error. Please try again.',
    ERR_USER_DONT_EXISTS: 'User not found. Check the e-mail address.',
    ERR_SENDING_WAPP_MSG: 'Error sending the WhatsApp message. Check the connections page.',
    ERR_DELETE_WAPP_MSG: 'Could not delete the WhatsApp message.',
    ERR_OTHER_OPEN_TICKET: 'An open ticket already exists for this contact.',
    ERR_SESSION_EXPIRED: 'Session expired. Please sign in.',
    ERR_USER_CREATION_DISABLED: 'User creation has been disabled by the administrator.',
    ERR_NO_PERMISSION: 'You do not have permission to access this resource.',
    ERR_DUPLICATED_CONTACT: 'A contact with this number already exists.',
    ERR_NO_SETTING_FOUND: 'No setting found with this ID.',
    ERR_NO_CONTACT_FOUND: 'No contact found with this ID.',
    ERR_NO_TICKET_FOUND: 'No ticket found with this ID.',
    ERR_NO_USER_FOUND: 'No user found with this ID.',
    ERR_NO_WAPP_FOUND: 'No WhatsApp connection found with this ID.',
    ERR_NO_KEYWORD_FOUND: 'No keyword found with this ID.',
    ERR_CREATING_MESSAGE: 'Error creating the message in the database.',
    ERR_CREATING_TICKET: 'Error creating the ticket in the database.',
    ERR_FETCH_WAPP_MSG: 'Error fetching the WhatsApp message; it may be too old.',
    ERR_QUEUE_COLOR_ALREADY_EXISTS: 'This colour is already in use; choose another.',
    ERR_WAPP_GREETING_REQUIRED: 'A greeting message is required when there is more than one queue.',
    ERR_KEYWORD_ALREADY_EXISTS: 'This keyword already exists.',
    ERR_VALIDATION: 'Invalid data. Check the fields.',
    ERR_INVALID_TOKEN: 'Invalid session. Please sign in again.',
    ERR_NOT_FOUND: 'Record not found.',
    ERR_SUBSCRIPTION_EXPIRED: 'Your subscription has expired. Only the billing section is available to make the payment.',
    ERR_TOO_MANY_ATTEMPTS: 'Too many attempts. Wait a few minutes and try again.',
  },
};
