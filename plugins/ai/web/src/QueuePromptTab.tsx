export { QueuePromptTab as default } from './PromptSelectField.js';
