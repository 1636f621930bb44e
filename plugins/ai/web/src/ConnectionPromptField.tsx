export { ConnectionPromptField as default } from './PromptSelectField.js';
