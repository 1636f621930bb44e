import { AppError } from '@atende/sdk-server';

/**
 * The models a prompt may use on the platform's key (issue 31): credits are flat (a message costs the
 * same whatever the model), so a tenant must not point the platform's key at an expensive model. The
 * super user keeps the list in `ai.allowed_models` (comma-separated; default the spec's two models).
 * A prompt with its own key or its own server pays its own bills and may name any model.
 */
export function parseModels(setting: string | null | undefined): string[] {
  return [...new Set(String(setting ?? '').split(',').map((m) => m.trim()).filter(Boolean))];
}

/** Whether a prompt runs on the platform's key: no key and no server of its own. */
export const usesPlatformKey = (own: { apiKeySealed?: string | null; baseUrl?: string | null }) => !own.apiKeySealed && !own.baseUrl;

/** 400 ERR_VALIDATION on `model` (`model_not_allowed`), with the allowed list for the form to show. */
export const modelNotAllowed = (model: string, allowed: string[]) =>
  AppError.validation([{ path: 'model', message: 'model_not_allowed', model, allowed }], `The model "${model}" is not allowed with the platform's API key.`);
