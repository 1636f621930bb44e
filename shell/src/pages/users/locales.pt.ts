import type { Tree } from './locales.js';

/** Portuguese texts of this area, loaded when the language is chosen. */
export const pt: Tree = {
  users: {
    title: 'Usuários',
    add: 'Adicionar usuário',
    addTitle: 'Novo usuário',
    editTitle: 'Editar usuário',
    name: 'Nome',
    email: 'E-mail',
    password: 'Senha',
    passwordKeep: 'Deixe em branco para manter a senha atual.',
    creationDisabled: 'A criação de usuários está desativada nas opções da empresa.',
    currentPassword: 'Senha atual',
    currentPasswordHelp: 'Necessária para alterar sua própria senha ou e-mail.',
    profile: 'Perfil',
    superProfile: 'O perfil de superusuário não é alterado aqui.',
    queues: 'Filas',
    noQueues: 'Sem filas',
    whatsapp: 'Conexão padrão',
    noWhatsapp: 'Nenhuma (a padrão da empresa)',
    allTicket: 'Ver tickets sem fila',
    enabled: 'Usuário ativo',
    status: 'Status',
    online: 'Online',
    offline: 'Offline',
    saved: 'Usuário salvo com sucesso.',
    deleted: 'Usuário excluído.',
    confirmDelete: 'Excluir {{name}}? Os tickets abertos dele voltarão para a fila.',
    empty: 'Ainda não há usuários.',
  },
};
