import { describe, expect, it } from 'vitest';
import { locales } from './locales.js';
import {
  contentBlockProblem,
  flowNameProblem,
  followUpProblem,
  googleSheetsProblem,
  importContentProblem,
  importFileProblem,
  mediaProblem,
  menuProblem,
  notificationProblem,
  openaiProblem,
  questionProblem,
  spreadsheetIdOf,
  tagProblem,
  typebotProblem,
} from './validation.js';
import { moveElement, nextElementId } from './editors/ContentBlockEditor.js';
import { tagName } from './nodes/tags.js';

/** The Spanish text of a message key (what the user sees by default). */
const es = (key: string | null) => {
  if (!key) return null;
  const [group, name] = key.split('.');
  return (locales.es as unknown as Record<string, Record<string, string>>)[group][name];
};
const MB = 1024 * 1024;

describe('editors’ validation messages (automation-productivity §5)', () => {
  it('flow name: required, 2 to 50 characters', () => {
    expect(es(flowNameProblem(''))).toBe('Digite um nome!');
    expect(es(flowNameProblem('   '))).toBe('Digite um nome!');
    expect(es(flowNameProblem('a'))).toBe('Muito curto!');
    expect(es(flowNameProblem('x'.repeat(51)))).toBe('Muito longo!');
    expect(flowNameProblem('ab')).toBeNull();
    expect(flowNameProblem('x'.repeat(50))).toBeNull();
  });

  it('import: a JSON file, encrypted or with name and flow', () => {
    expect(es(importFileProblem({ name: 'flow.txt', type: 'text/plain' }))).toBe('Por favor selecciona un archivo JSON válido');
    expect(importFileProblem({ name: 'flow.json', type: 'application/json' })).toBeNull();
    expect(es(importContentProblem({ foo: 1 }))).toBe('El archivo no tiene el formato correcto');
    expect(es(importContentProblem([]))).toBe('El archivo no tiene el formato correcto');
    expect(es(importContentProblem({ name: 'x' }))).toBe('El archivo no tiene el formato correcto');
    expect(importContentProblem({ name: 'Ventas', flow: { nodes: [], connections: [] } })).toBeNull();
    expect(importContentProblem({ encrypted: true, data: 'abc', iv: 'def' })).toBeNull();
  });

  it('follow-up: minutes over 0 and at most 9999, at least one time, pauses 1 to 60 s', () => {
    const time = (minutes: number, content: Parameters<typeof followUpProblem>[0][number]['content'] = []) => ({ id: 't', minutes, content });
    expect(es(followUpProblem([time(0)]))).toBe('Todos los intervalos deben tener un tiempo mayor a 0 minutos');
    expect(es(followUpProblem([time(10), time(-1)]))).toBe('Todos los intervalos deben tener un tiempo mayor a 0 minutos');
    expect(es(followUpProblem([time(10000)]))).toBe('El tiempo máximo es 9999 minutos');
    expect(followUpProblem([time(9999)])).toBeNull();
    expect(followUpProblem([])).toBe('v.followUpOne');
    expect(followUpProblem([time(5, [{ type: 'interval', id: 'p', value: 61 }])])).toBe('v.pauseRange');
    expect(followUpProblem([time(5, [{ type: 'interval', id: 'p', value: 60 }, { type: 'text', id: 'x', value: 'Hola' }])])).toBeNull();
  });

  it('tag step: at least one tag to add or remove', () => {
    expect(es(tagProblem(null, null))).toBe('Seleccione al menos una etiqueta para agregar o quitar');
    expect(tagProblem(3, null)).toBeNull();
    expect(tagProblem(null, 4)).toBeNull();
    expect(tagName('VIP', 'Nuevo')).toBe('+VIP / -Nuevo');
    expect(tagName('VIP', undefined)).toBe('+VIP');
  });

  it('content block: empty text, interval 0 or over 120, empty media cards', () => {
    expect(es(contentBlockProblem([{ number: 'message0', type: 'message', value: '  ' }]))).toBe('Campos de mensagem vazio!');
    expect(es(contentBlockProblem([{ number: 'interval0', type: 'interval', value: 0 }]))).toBe('Intervalo não pode ser 0 ou maior que 120!');
    expect(es(contentBlockProblem([{ number: 'interval0', type: 'interval', value: 121 }]))).toBe('Intervalo não pode ser 0 ou maior que 120!');
    expect(es(contentBlockProblem([{ number: 'img0', type: 'img', value: '' }]))).toBe('Eliminar tarjetas vacías (Imagen, Audio, Video y PDF)');
    expect(es(contentBlockProblem([{ number: 'pdf0', type: 'pdf', value: '' }]))).toBe('Eliminar tarjetas vacías (Imagen, Audio, Video y PDF)');
    expect(contentBlockProblem([{ number: 'img0', type: 'img', value: '', file: {} }])).toBeNull();
    expect(contentBlockProblem([
      { number: 'message0', type: 'message', value: 'Hola' },
      { number: 'interval1', type: 'interval', value: 120 },
      { number: 'img2', type: 'img', value: '/api/media/x.png' },
    ])).toBeNull();
  });

  it('media: type and size per card', () => {
    expect(es(mediaProblem('img', { name: 'a.png', type: 'image/png', size: 2 * MB + 1 }))).toBe('Arquivo é muito grande! 2MB máximo');
    expect(es(mediaProblem('audio', { name: 'a.mp3', type: 'audio/mpeg', size: 5 * MB + 1 }))).toBe('Arquivo é muito grande! 5MB máximo');
    expect(es(mediaProblem('video', { name: 'a.mp4', type: 'video/mp4', size: 20 * MB + 1 }))).toBe('Arquivo é muito grande! 20MB máximo');
    expect(es(mediaProblem('pdf', { name: 'a.pdf', type: 'application/pdf', size: 10 * MB + 1 }))).toBe('Archivo es muy grande! 10MB máximo');
    expect(mediaProblem('video', { name: 'a.mov', type: 'video/quicktime', size: 10 })).toBe('v.type_video');
    expect(mediaProblem('img', { name: 'a.gif', type: 'image/gif', size: 10 })).toBe('v.type_img');
    expect(mediaProblem('img', { name: 'a.jpg', type: 'image/jpeg', size: 2 * MB })).toBeNull();
  });

  it('notification: connection, number with country code, message', () => {
    expect(es(notificationProblem({ targetNumber: '51999888777', message: 'x' }))).toBe('Por favor selecciona una conexión');
    expect(es(notificationProblem({ connectionId: 1, targetNumber: ' ', message: 'x' }))).toBe('Por favor ingresa el número de destino');
    expect(notificationProblem({ connectionId: 1, targetNumber: '999888', message: 'x' })).toBe('v.targetCountryCode');
    expect(es(notificationProblem({ connectionId: 1, targetNumber: '+51 999 888 777', message: '' }))).toBe('Por favor ingresa el mensaje de notificación');
    expect(notificationProblem({ connectionId: 1, targetNumber: '+51 999 888 777', message: 'Nuevo lead {{userNumber}}' })).toBeNull();
  });

  it('question, OpenAI, TypeBot and menu steps', () => {
    expect(questionProblem({ message: '', answerKey: 'x' })).toBe('v.messageRequired');
    expect(questionProblem({ message: '¿Nombre?', answerKey: '' })).toBe('v.answerKeyRequired');
    expect(questionProblem({ message: '¿Nombre?', answerKey: '1nombre' })).toBe('v.answerKeyFormat');
    expect(questionProblem({ message: '¿Nombre?', answerKey: 'nombre' })).toBeNull();
    expect(openaiProblem({ name: 'Bot', aiInstructions: ' ' })).toBe('v.instructionsRequired');
    expect(openaiProblem({ name: '', aiInstructions: 'x' })).toBe('v.nameRequired');
    expect(openaiProblem({ name: 'Bot', aiInstructions: 'Responde amable' })).toBeNull();
    expect(es(typebotProblem({ name: 'a', urlN8N: 'u', typebotSlug: 's' }))).toBe('Muito curto!');
    expect(typebotProblem({ name: 'Bot', urlN8N: '', typebotSlug: 's' })).toBe('v.urlRequired');
    expect(typebotProblem({ name: 'Bot', urlN8N: 'https://t', typebotSlug: '' })).toBe('v.slugRequired');
    expect(menuProblem({ message: 'Elige', arrayOption: [] })).toBe('v.optionsRequired');
    expect(menuProblem({ message: 'Elige', arrayOption: [{ number: 1, value: ' ' }] })).toBe('v.optionBlank');
    expect(menuProblem({ message: 'Elige', arrayOption: [{ number: 1, value: 'Ventas' }] })).toBeNull();
  });

  it('Google Sheets step: the four messages in order, and the spreadsheet id from a URL', () => {
    const ok = { integrationId: 1, spreadsheetUrl: 'https://docs.google.com/spreadsheets/d/AbC_123-x/edit#gid=0', selectedSheet: 'Hoja 1', fields: ['Nombre'] };
    expect(es(googleSheetsProblem({ ...ok, integrationId: null }))).toBe('Selecciona una integración de Google Sheets');
    expect(es(googleSheetsProblem({ ...ok, spreadsheetUrl: 'https://example.com/x' }))).toBe('Ingresa la URL de la hoja de cálculo');
    expect(es(googleSheetsProblem({ ...ok, selectedSheet: '' }))).toBe('Selecciona una hoja');
    expect(es(googleSheetsProblem({ ...ok, fields: ['', ' '] }))).toBe('Ingresa al menos un nombre de campo para mapear');
    expect(googleSheetsProblem(ok)).toBeNull();
    expect(spreadsheetIdOf('https://docs.google.com/spreadsheets/u/1/d/XYZ789/edit')).toBe('XYZ789');
    expect(spreadsheetIdOf('https://drive.google.com/open?id=QWE_1')).toBe('QWE_1');
    expect(spreadsheetIdOf('plainId123')).toBe('plainId123');
    expect(spreadsheetIdOf('a/b')).toBeNull();
  });

  it('content block elements: ids by type and a fresh number, moved up and down', () => {
    expect(nextElementId([], 'message')).toBe('message0');
    expect(nextElementId([{ number: 'message0' }, { number: 'img4' }], 'interval')).toBe('interval5');
    expect(moveElement(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveElement(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moveElement(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
  });

  it('every text exists in es, pt and en with the same keys', () => {
    const keys = (o: unknown, prefix = ''): string[] =>
      o && typeof o === 'object' && !Array.isArray(o) ? Object.entries(o).flatMap(([k, v]) => keys(v, `${prefix}${k}.`)) : [prefix];
    expect(keys(locales.pt)).toEqual(keys(locales.es));
    expect(keys(locales.en)).toEqual(keys(locales.es));
  });
});
