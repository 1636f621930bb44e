import type { Tree } from './locales.js';

/** Portuguese texts of this area, loaded when the language is chosen. */
export const pt: Tree = {
  tags: {
    title: 'Tags',
    search: 'Buscar tag…',
    add: 'Adicionar tag',
    empty: 'Ainda não há tags.',
    name: 'Nome',
    color: 'Cor',
    tickets: 'Atendimentos',
    kanban: 'Kanban',
    kanbanHint: 'Mostrar como coluna no quadro kanban.',
    addTitle: 'Nova tag',
    editTitle: 'Editar tag',
    saved: 'Tag salva.',
    deleted: 'Tag excluída.',
    confirmDelete: 'Excluir a tag {{name}}? Ela será removida dos atendimentos que a têm.',
    tooShort: 'Mensagem muito curta',
    required: 'Obrigatório',
    tooLong: 'Muito longo',
    invalidColor: 'Cor inválida',
    nameInUse: 'Já existe uma tag com este nome.',
    quickAdd: 'Criar tag rápida',
    quickPlaceholder: 'Nome da tag',
    create: 'Criar',
    modeDisplay: 'Ver',
    modeEdit: 'Editar',
    ticketsCount: '{{n}} atendimentos',
  },
};
