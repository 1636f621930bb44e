/**
 * The UI kit (issue 12 item 5): what the shell's own screens use and plugins get the same way. Paged
 * lists (`usePagedList` + `PagedTable`/`PagedScroll`), a load-error notice, dates and number formats,
 * form rules and server field errors, a debounced value, a two-pass first view (`useAfterPaint`), a confirmation dialog and uploads with progress.
 */
export * from './PagedTable.js';
export * from './LoadError.js';
export * from './usePagedList.js';
export * from './useDebouncedValue.js';
export * from './useAfterPaint.js';
export * from './dates.js';
export * from './format.js';
export * from './validation.js';
export * from './upload.js';
export * from './confirm.js';
export * from './call.js';
export * from './whatsapp-text.js';
