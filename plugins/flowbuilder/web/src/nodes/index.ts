import { flowNodeEditors, registerFlowNodeEditor, type FlowNodeEditor } from '@atende/sdk-web';
import audio from './audio.js';
import condition from './condition.js';
import followUp from './followUp.js';
import googlesheets from './googlesheets.js';
import img from './img.js';
import interval from './interval.js';
import menu from './menu.js';
import message from './message.js';
import notification from './notification.js';
import openai from './openai.js';
import pdf from './pdf.js';
import question from './question.js';
import randomizer from './randomizer.js';
import singleBlock from './singleBlock.js';
import tags from './tags.js';
import ticket from './ticket.js';
import typebot from './typebot.js';
import video from './video.js';

/** The flow builder's own step editors, one file each (issue 30 item 6). */
export const BUILTIN_EDITORS: FlowNodeEditor[] = [message, menu, interval, img, audio, video, pdf, randomizer, singleBlock, ticket, tags, typebot, openai, question, notification, condition, googlesheets, followUp];

/**
 * Registers them through the same extension point other plugins use (`flowbuilder.<type>`). Idempotent:
 * the canvas module and the dialog call it. OpenAI, TypeBot and Google Sheets are `fallback` editors: the
 * AI and integrations plugins' own editors replace them whenever they register.
 */
export function registerBuiltinEditors(): void {
  for (const editor of BUILTIN_EDITORS) if (!flowNodeEditors.get(`flowbuilder.${editor.type}`)) registerFlowNodeEditor('flowbuilder', editor);
}
