/** The shell's own texts (namespace 'core'); Spanish is the default and fallback. */
const es = {
  common: {
    loading: 'Cargando…',
    save: 'Guardar',
    cancel: 'Cancelar',
    retry: 'Reintentar',
    language: 'Idioma',
    required: 'Obligatorio',
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
  },
  layout: {
    greeting: 'Hola {{name}}, bienvenido a {{company}}',
    dueDate: 'Su suscripción vence el {{date}}',
    openMenu: 'Abrir menú',
    closeMenu: 'Cerrar menú',
    themeLight: 'Tema claro',
    themeDark: 'Tema oscuro',
    profile: 'Perfil',
    logout: 'Salir',
    version: 'Versión {{version}}',
    accessedElsewhere: 'Su cuenta fue accedida desde otro dispositivo.',
    sessionExpired: 'Su sesión expiró. Inicie sesión de nuevo.',
  },
  menu: { settings: 'Configuración' },
  settings: { title: 'Configuración', empty: 'No hay opciones de configuración disponibles para su perfil.' },
  plugins: {
    loadFailed: 'No se pudo cargar el módulo «{{id}}».',
    loadFailedHint: 'El resto de la aplicación sigue funcionando. Intente de nuevo en unos instantes.',
  },
  notFound: { title: 'Página no encontrada', back: 'Volver al inicio' },
  home: { welcome: 'Bienvenido a Atende', empty: 'Todavía no hay módulos disponibles para su perfil.' },
};

type Tree = { [K in keyof typeof es]: { [L in keyof (typeof es)[K]]: string } };

const pt: Tree = {
  common: { loading: 'Carregando…', save: 'Salvar', cancel: 'Cancelar', retry: 'Tentar novamente', language: 'Idioma', required: 'Obrigatório' },
  languages: { es: 'Español', pt: 'Português', en: 'English' },
  login: {
    title: 'Entrar',
    email: 'E-mail',
    password: 'Senha',
    remember: 'Lembrar de mim',
    forgot: 'Esqueceu a senha?',
    submit: 'Entrar',
    invalidEmail: 'E-mail inválido',
    success: 'Login realizado com sucesso',
  },
  layout: {
    greeting: 'Olá {{name}}, bem-vindo a {{company}}',
    dueDate: 'Sua assinatura vence em {{date}}',
    openMenu: 'Abrir menu',
    closeMenu: 'Fechar menu',
    themeLight: 'Tema claro',
    themeDark: 'Tema escuro',
    profile: 'Perfil',
    logout: 'Sair',
    version: 'Versão {{version}}',
    accessedElsewhere: 'Sua conta foi acessada em outro dispositivo.',
    sessionExpired: 'Sua sessão expirou. Entre novamente.',
  },
  menu: { settings: 'Configurações' },
  settings: { title: 'Configurações', empty: 'Não há opções de configuração disponíveis para o seu perfil.' },
  plugins: {
    loadFailed: 'Não foi possível carregar o módulo «{{id}}».',
    loadFailedHint: 'O restante da aplicação continua funcionando. Tente novamente em instantes.',
  },
  notFound: { title: 'Página não encontrada', back: 'Voltar ao início' },
  home: { welcome: 'Bem-vindo ao Atende', empty: 'Ainda não há módulos disponíveis para o seu perfil.' },
};

const en: Tree = {
  common: { loading: 'Loading…', save: 'Save', cancel: 'Cancel', retry: 'Retry', language: 'Language', required: 'Required' },
  languages: { es: 'Español', pt: 'Português', en: 'English' },
  login: {
    title: 'Sign in',
    email: 'E-mail',
    password: 'Password',
    remember: 'Remember me',
    forgot: 'Forgot your password?',
    submit: 'Sign in',
    invalidEmail: 'Invalid e-mail',
    success: 'Signed in',
  },
  layout: {
    greeting: 'Hello {{name}}, welcome to {{company}}',
    dueDate: 'Your subscription is due on {{date}}',
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
    themeLight: 'Light theme',
    themeDark: 'Dark theme',
    profile: 'Profile',
    logout: 'Sign out',
    version: 'Version {{version}}',
    accessedElsewhere: 'Your account was accessed from another device.',
    sessionExpired: 'Your session expired. Please sign in again.',
  },
  menu: { settings: 'Settings' },
  settings: { title: 'Settings', empty: 'There are no settings available for your profile.' },
  plugins: {
    loadFailed: 'The “{{id}}” module could not be loaded.',
    loadFailedHint: 'The rest of the application keeps working. Try again in a moment.',
  },
  notFound: { title: 'Page not found', back: 'Back to start' },
  home: { welcome: 'Welcome to Atende', empty: 'There are no modules available for your profile yet.' },
};

export const CORE_LOCALES = { es, pt, en };
