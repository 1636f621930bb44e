export const locales = {
  es: { title: 'Ai', add: 'Agregar', placeholder: 'Nuevo elemento', empty: 'Todavía no hay elementos.', saved: 'Guardado' },
  pt: { title: 'Ai', add: 'Adicionar', placeholder: 'Novo item', empty: 'Ainda não há itens.', saved: 'Salvo' },
  en: { title: 'Ai', add: 'Add', placeholder: 'New item', empty: 'No items yet.', saved: 'Saved' },
};
