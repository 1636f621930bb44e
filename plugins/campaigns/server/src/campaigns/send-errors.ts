import { AppError } from '@atende/sdk-server';

/** Failures retrying cannot fix (the company switched campaigns off, no connection, no message). */
export class Permanent extends Error {}
export const reasonOf = (err: unknown): string => (err instanceof AppError ? err.code : err instanceof Error ? err.message : String(err)).slice(0, 255) || 'error';
/** Permanent, or a 4xx of the kernel other than "connection not running". */
export const isPermanent = (err: unknown) => err instanceof Permanent || (err instanceof AppError && err.status >= 400 && err.status < 500 && err.code !== 'ERR_WAPP_NOT_INITIALIZED');
