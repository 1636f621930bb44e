export const locales = {
  es: { title: 'Cloud Api', add: 'Agregar', placeholder: 'Nuevo elemento', empty: 'Todavía no hay elementos.', saved: 'Guardado' },
  pt: { title: 'Cloud Api', add: 'Adicionar', placeholder: 'Novo item', empty: 'Ainda não há itens.', saved: 'Salvo' },
  en: { title: 'Cloud Api', add: 'Add', placeholder: 'New item', empty: 'No items yet.', saved: 'Saved' },
};
