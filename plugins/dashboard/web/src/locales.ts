export const locales = {
  es: { title: 'Dashboard', add: 'Agregar', placeholder: 'Nuevo elemento', empty: 'Todavía no hay elementos.', saved: 'Guardado' },
  pt: { title: 'Dashboard', add: 'Adicionar', placeholder: 'Novo item', empty: 'Ainda não há itens.', saved: 'Salvo' },
  en: { title: 'Dashboard', add: 'Add', placeholder: 'New item', empty: 'No items yet.', saved: 'Saved' },
};
