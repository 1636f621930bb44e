import { ticketsLocales } from '../pages/tickets/locales.js';
import { ticketViewLocales } from '../pages/tickets/view/locales.js';
import { messagesLocales } from '../pages/tickets/messages/locales.js';
import { connectionsLocales } from '../pages/connections/locales.js';
import { queuesLocales } from '../pages/queues/locales.js';
import { contactsLocales } from '../pages/contacts/locales.js';
import { tagsLocales } from '../pages/tags/locales.js';
import { quickMessagesLocales } from '../pages/quick-messages/locales.js';
import { usersLocales } from '../pages/users/locales.js';
import { settingsLocales } from '../pages/settings/locales.js';
import { sandboxLocales } from '../pages/sandbox/locales.js';
import { apiLocales } from '../pages/api/locales.js';
import { signupLocales } from '../pages/signup/locales.js';
import { forgotLocales } from '../pages/forgot/locales.js';

/** The shell's own texts (namespace 'core'); Spanish is the default and fallback. */
const es = {
  common: {
    ok: 'Aceptar',
    loading: 'Cargando…',
    save: 'Guardar',
    cancel: 'Cancelar',
    retry: 'Reintentar',
    language: 'Idioma',
    required: 'Obligatorio',
    add: 'Agregar',
    edit: 'Editar',
    delete: 'Eliminar',
    yes: 'Sí',
    no: 'No',
    search: 'Buscar…',
    noResults: 'Sin resultados para la búsqueda.',
    loadMore: 'Cargar más',
    actions: 'Acciones',
    enabled: 'Habilitado',
    disabled: 'Deshabilitado',
    active: 'Activo',
    inactive: 'Inactivo',
    total: '{{n}} registros',
  },
  languages: { es: 'Español', pt: 'Português', en: 'English' },
  login: {
    title: 'Iniciar sesión',
    email: 'Correo electrónico',
    password: 'Contraseña',
    remember: 'Recordarme',
    forgot: '¿Olvidó su contraseña?',
    submit: 'Entrar',
    invalidEmail: 'Correo electrónico inválido',
    success: 'Inicio de sesión exitoso',
    noAccount: '¿No tiene una cuenta?',
    signup: 'Regístrese',
  },
  validation: {
    required: 'Obligatorio',
    too_short: 'Demasiado corto',
    too_long: 'Demasiado largo',
    invalid_email: 'Correo electrónico inválido',
    password_too_short: 'La contraseña debe tener al menos 8 caracteres',
    password_too_long: 'La contraseña es demasiado larga',
    password_needs_digit: 'La contraseña debe incluir un número',
    password_needs_lowercase: 'La contraseña debe incluir una letra minúscula',
    password_needs_uppercase: 'La contraseña debe incluir una letra mayúscula',
    phone_too_short: 'El teléfono debe tener al menos 8 dígitos',
    phone_too_long: 'El teléfono tiene demasiados dígitos',
    invalid_code: 'El código debe tener 6 dígitos',
    invalid_time: 'Use el formato HH:MM (00:00 a 23:59)',
    invalid_date: 'Fecha inválida',
    seven_days: 'Indique los siete días de la semana',
    each_day_once: 'Cada día debe aparecer una sola vez',
    invalid_value: 'Valor no permitido',
    unknown_setting: 'Configuración desconocida',
    min_zero: 'Debe ser 0 o más',
    platform_plan: 'El plan de la plataforma nunca se ofrece a las empresas',
    passwordPolicy: 'Al menos 8 caracteres, con un número, una minúscula y una mayúscula.',
  },
  layout: {
    greeting: 'Hola {{name}}, bienvenido a {{company}}',
    greetingShort: 'Hola {{name}}',
    dueDate: 'Su suscripción vence el {{date}}',
    openMenu: 'Abrir menú',
    closeMenu: 'Cerrar menú',
    themeLight: 'Tema claro',
    themeDark: 'Tema oscuro',
    profile: 'Perfil',
    profileTitle: 'Mi perfil',
    newPassword: 'Nueva contraseña',
    profileSaved: 'Perfil guardado.',
    passwordChanged: 'Contraseña cambiada. Inicie sesión con la nueva.',
    logout: 'Salir',
    version: 'Versión {{version}}',
    accessedElsewhere: 'Su cuenta fue accedida desde otro dispositivo.',
    sessionExpired: 'Su sesión expiró. Inicie sesión de nuevo.',
    sessionEnded: 'Su sesión fue finalizada. Inicie sesión de nuevo.',
  },
  subscription: {
    expiredTitle: 'Suscripción vencida',
    expired: 'Su suscripción ha vencido. Solo puede acceder a la sección de facturación para realizar el pago.',
    expiredOn: 'Su suscripción venció el {{date}}. Solo puede acceder a las facturas.',
    dueToday: 'Su suscripción vence hoy ({{date}}).',
    dueTomorrow: 'Su suscripción vence mañana ({{date}}).',
    dueIn: 'Su suscripción vence en {{n}} días ({{date}}).',
  },
  menu: { settings: 'Configuración', users: 'Usuarios', sandbox: 'Simulador', api: 'API', tickets: 'Atenciones', connections: 'Conexiones', contacts: 'Contactos', queues: 'Colas', tags: 'Etiquetas', quickMessages: 'Respuestas rápidas' },
  forbidden: { title: 'No tiene permiso para ver esta página.' },
  profiles: { admin: 'Administrador', user: 'Usuario', supervisor: 'Supervisor', super: 'Superusuario' },
  weekdays: {
    monday: 'Lunes',
    tuesday: 'Martes',
    wednesday: 'Miércoles',
    thursday: 'Jueves',
    friday: 'Viernes',
    saturday: 'Sábado',
    sunday: 'Domingo',
  },
  plugins: {
    loadFailed: 'No se pudo cargar el módulo «{{id}}».',
    loadFailedHint: 'El resto de la aplicación sigue funcionando. Intente de nuevo en unos instantes.',
    incompatible: 'El módulo «{{id}}» se compiló con el SDK {{built}} y esta versión de Atende trae el SDK {{running}}: no se puede abrir.',
    incompatibleHint: 'Pida al proveedor del módulo una versión compatible o actualice Atende.',
    refused: 'El módulo «{{id}}» no se cargó: necesita versiones que esta aplicación no tiene.',
    refusedNeeds: '{{pkg}}: necesita {{needs}}, la aplicación tiene {{has}}',
    refusedNone: 'ninguna',
    notInPlan: 'Esta página no está incluida en el plan de su empresa.',
    notInPlanAdmin: 'Como administrador, puede cambiar el plan en la sección de facturación.',
    notInPlanUser: 'Pida a un administrador de su empresa que cambie el plan.',
  },
  notFound: { title: 'Página no encontrada', back: 'Volver al inicio' },
  home: { welcome: 'Bienvenido a Atende', empty: 'Todavía no hay módulos disponibles para su perfil.' },
};

export type Tree = { [K in keyof typeof es]: { [L in keyof (typeof es)[K]]: string } };

/** Each workspace area keeps its texts beside its screens, under its own top-level key. */
const AREAS = [
  ticketsLocales,
  ticketViewLocales,
  messagesLocales,
  connectionsLocales,
  queuesLocales,
  contactsLocales,
  tagsLocales,
  quickMessagesLocales,
  usersLocales,
  settingsLocales,
  sandboxLocales,
  apiLocales,
  signupLocales,
  forgotLocales,
];

/** Spanish, the default and fallback, ships with the page; Portuguese and English load when chosen (languages.ts). */
export const CORE_ES = Object.assign({}, es, ...AREAS.map((a) => a.es)) as typeof es;
