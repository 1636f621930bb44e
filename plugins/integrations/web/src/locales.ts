export const locales = {
  es: { title: 'Integrations', add: 'Agregar', placeholder: 'Nuevo elemento', empty: 'Todavía no hay elementos.', saved: 'Guardado' },
  pt: { title: 'Integrations', add: 'Adicionar', placeholder: 'Novo item', empty: 'Ainda não há itens.', saved: 'Salvo' },
  en: { title: 'Integrations', add: 'Add', placeholder: 'New item', empty: 'No items yet.', saved: 'Saved' },
};
