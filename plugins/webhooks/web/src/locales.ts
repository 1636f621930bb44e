export const locales = {
  es: { title: 'Webhooks', add: 'Agregar', placeholder: 'Nuevo elemento', empty: 'Todavía no hay elementos.', saved: 'Guardado' },
  pt: { title: 'Webhooks', add: 'Adicionar', placeholder: 'Novo item', empty: 'Ainda não há itens.', saved: 'Salvo' },
  en: { title: 'Webhooks', add: 'Add', placeholder: 'New item', empty: 'No items yet.', saved: 'Saved' },
};
