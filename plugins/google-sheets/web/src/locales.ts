export const locales = {
  es: { title: 'Google Sheets', add: 'Agregar', placeholder: 'Nuevo elemento', empty: 'Todavía no hay elementos.', saved: 'Guardado' },
  pt: { title: 'Google Sheets', add: 'Adicionar', placeholder: 'Novo item', empty: 'Ainda não há itens.', saved: 'Salvo' },
  en: { title: 'Google Sheets', add: 'Add', placeholder: 'New item', empty: 'No items yet.', saved: 'Saved' },
};
