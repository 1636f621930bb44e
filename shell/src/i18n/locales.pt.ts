import antdLocale from 'antd/locale/pt_BR';
import type { Tree } from './locales.js';
import { pt as tickets } from '../pages/tickets/locales.pt.js';
import { pt as ticketView } from '../pages/tickets/view/locales.pt.js';
import { pt as messages } from '../pages/tickets/messages/locales.pt.js';
import { pt as connections } from '../pages/connections/locales.pt.js';
import { pt as queues } from '../pages/queues/locales.pt.js';
import { pt as contacts } from '../pages/contacts/locales.pt.js';
import { pt as tags } from '../pages/tags/locales.pt.js';
import { pt as quickMessages } from '../pages/quick-messages/locales.pt.js';
import { pt as users } from '../pages/users/locales.pt.js';
import { pt as settings } from '../pages/settings/locales.pt.js';
import { pt as sandbox } from '../pages/sandbox/locales.pt.js';
import { pt as apiPage } from '../pages/api/locales.pt.js';
import { pt as signup } from '../pages/signup/locales.pt.js';
import { pt as forgot } from '../pages/forgot/locales.pt.js';

/** The shell's Portuguese texts, loaded when the language is chosen (see languages.ts). */
const pt: Tree = {
  common: {
    ok: 'OK',
    loading: 'Carregando…',
    save: 'Salvar',
    cancel: 'Cancelar',
    retry: 'Tentar novamente',
    language: 'Idioma',
    required: 'Obrigatório',
    add: 'Adicionar',
    edit: 'Editar',
    delete: 'Excluir',
    yes: 'Sim',
    no: 'Não',
    search: 'Pesquisar…',
    noResults: 'Nenhum resultado para a pesquisa.',
    loadMore: 'Carregar mais',
    actions: 'Ações',
    enabled: 'Habilitado',
    disabled: 'Desabilitado',
    active: 'Ativo',
    inactive: 'Inativo',
    total: '{{n}} registros',
  },
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
    noAccount: 'Não tem uma conta?',
    signup: 'Cadastre-se',
  },
  validation: {
    required: 'Obrigatório',
    too_short: 'Muito curto',
    too_long: 'Muito longo',
    invalid_email: 'E-mail inválido',
    password_too_short: 'A senha deve ter pelo menos 8 caracteres',
    password_too_long: 'A senha é longa demais',
    password_needs_digit: 'A senha deve incluir um número',
    password_needs_lowercase: 'A senha deve incluir uma letra minúscula',
    password_needs_uppercase: 'A senha deve incluir uma letra maiúscula',
    phone_too_short: 'O telefone deve ter pelo menos 8 dígitos',
    phone_too_long: 'O telefone tem dígitos demais',
    invalid_code: 'O código deve ter 6 dígitos',
    invalid_time: 'Use o formato HH:MM (00:00 a 23:59)',
    invalid_date: 'Data inválida',
    seven_days: 'Informe os sete dias da semana',
    each_day_once: 'Cada dia deve aparecer uma única vez',
    invalid_value: 'Valor não permitido',
    unknown_setting: 'Configuração desconhecida',
    min_zero: 'Deve ser 0 ou mais',
    platform_plan: 'O plano da plataforma nunca é oferecido às empresas',
    passwordPolicy: 'Pelo menos 8 caracteres, com um número, uma minúscula e uma maiúscula.',
  },
  layout: {
    greeting: 'Olá {{name}}, bem-vindo a {{company}}',
    greetingShort: 'Olá {{name}}',
    dueDate: 'Sua assinatura vence em {{date}}',
    openMenu: 'Abrir menu',
    closeMenu: 'Fechar menu',
    themeLight: 'Tema claro',
    themeDark: 'Tema escuro',
    profile: 'Perfil',
    profileTitle: 'Meu perfil',
    newPassword: 'Nova senha',
    profileSaved: 'Perfil salvo.',
    passwordChanged: 'Senha alterada. Entre com a nova.',
    logout: 'Sair',
    version: 'Versão {{version}}',
    accessedElsewhere: 'Sua conta foi acessada em outro dispositivo.',
    sessionExpired: 'Sua sessão expirou. Entre novamente.',
    sessionEnded: 'Sua sessão foi encerrada. Entre novamente.',
  },
  subscription: {
    expiredTitle: 'Assinatura vencida',
    expired: 'Sua assinatura venceu. Você só pode acessar a seção de faturamento para realizar o pagamento.',
    expiredOn: 'Sua assinatura venceu em {{date}}. Você só pode acessar as faturas.',
    dueToday: 'Sua assinatura vence hoje ({{date}}).',
    dueTomorrow: 'Sua assinatura vence amanhã ({{date}}).',
    dueIn: 'Sua assinatura vence em {{n}} dias ({{date}}).',
  },
  menu: { settings: 'Configurações', users: 'Usuários', sandbox: 'Simulador', api: 'API', tickets: 'Atendimentos', connections: 'Conexões', contacts: 'Contatos', queues: 'Filas', tags: 'Tags', quickMessages: 'Respostas rápidas' },
  forbidden: { title: 'Você não tem permissão para ver esta página.' },
  profiles: { admin: 'Administrador', user: 'Usuário', supervisor: 'Supervisor', super: 'Superusuário' },
  weekdays: {
    monday: 'Segunda-feira',
    tuesday: 'Terça-feira',
    wednesday: 'Quarta-feira',
    thursday: 'Quinta-feira',
    friday: 'Sexta-feira',
    saturday: 'Sábado',
    sunday: 'Domingo',
  },
  plugins: {
    loadFailed: 'Não foi possível carregar o módulo «{{id}}».',
    loadFailedHint: 'O restante da aplicação continua funcionando. Tente novamente em instantes.',
    incompatible: 'O módulo «{{id}}» foi compilado com o SDK {{built}} e esta versão do Atende traz o SDK {{running}}: não pode ser aberto.',
    incompatibleHint: 'Peça ao fornecedor do módulo uma versão compatível ou atualize o Atende.',
    refused: 'O módulo «{{id}}» não foi carregado: precisa de versões que esta aplicação não tem.',
    refusedNeeds: '{{pkg}}: precisa de {{needs}}, a aplicação tem {{has}}',
    refusedNone: 'nenhuma',
    notInPlan: 'Esta página não está incluída no plano da sua empresa.',
    notInPlanAdmin: 'Como administrador, você pode mudar o plano na seção de faturamento.',
    notInPlanUser: 'Peça a um administrador da sua empresa que mude o plano.',
  },
  notFound: { title: 'Página não encontrada', back: 'Voltar ao início' },
  home: { welcome: 'Bem-vindo ao Atende', empty: 'Ainda não há módulos disponíveis para o seu perfil.' },
};

export const texts: Tree = Object.assign({}, pt, tickets, ticketView, messages, connections, queues, contacts, tags, quickMessages, users, settings, sandbox, apiPage, signup, forgot);
export { antdLocale };
