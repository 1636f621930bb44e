// The contract's zod schemas the form rules check with, behind a dynamic import (validation.ts): zod
// then loads when a form is first checked, not with the first page.
export { emailSchema, passwordSchema } from '@atende/core-contract';
