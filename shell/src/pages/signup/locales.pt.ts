import type { Tree } from './locales.js';

/** Portuguese texts of this area, loaded when the language is chosen. */
export const pt: Tree = {
  signup: {
    title: 'Crie a conta da sua empresa',
    name: 'Nome da empresa',
    email: 'E-mail',
    phone: 'Telefone (WhatsApp)',
    phoneHint: 'Somente números, até 11 dígitos.',
    password: 'Senha',
    plan: 'Plano',
    planRequired: 'Selecione um plano',
    plansError: 'Não foi possível carregar os planos.',
    noPlans: 'Não há planos disponíveis no momento.',
    submit: 'Cadastrar',
    success: 'Conta criada! Você já pode entrar.',
    haveAccount: 'Já tem uma conta?',
    login: 'Entre',
  },
};
