import type { z } from 'zod';
import type { Endpoint, PathParams } from '@atende/core-contract';
import { api, type RequestOptions } from '../api.js';

type ParamsOf<P extends string> = [PathParams<P>] extends [never] ? { params?: undefined } : { params: Record<PathParams<P>, string | number> };
type QueryOf<Q> = Q extends z.ZodNever ? { query?: undefined } : { query?: Partial<z.input<Q>> };
type BodyOf<B> = B extends z.ZodNever ? { body?: undefined } : { body: z.input<B> };

/** What `call(endpoint, input)` takes for an endpoint: its path parameters, query and body, typed from the contract. */
export type CallInput<E> = E extends Endpoint<infer _M, infer P, infer Q, infer B, infer _R> ? ParamsOf<P> & QueryOf<Q> & BodyOf<B> & Pick<RequestOptions, 'signal' | 'noRefresh'> : never;
/** What `call(endpoint)` resolves to: the endpoint's response type (a Blob for file answers). */
export type CallResult<E> = E extends Endpoint<infer _M, infer _P, infer _Q, infer _B, infer R> ? (R extends z.ZodVoid ? void : z.output<R>) : never;

/** Fills a path's `:name` parameters (each encoded). */
export function pathOf(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    if (params[name] === undefined) throw new Error(`Missing path parameter "${name}" for ${path}.`);
    return encodeURIComponent(String(params[name]));
  });
}

/**
 * Calls an endpoint the contract defines (`CONTACT_ENDPOINTS.update`…), typed from it: path
 * parameters, query and body in, the answer's type out. Same client as `api` (token, refresh, errors).
 */
export function call<E extends Endpoint>(endpoint: E, ...[input]: CallInput<E> extends { params?: undefined; body?: undefined } ? [CallInput<E>?] : [CallInput<E>]): Promise<CallResult<E>> {
  const i = (input ?? {}) as { params?: Record<string, string | number>; query?: RequestOptions['query']; body?: unknown; signal?: AbortSignal; noRefresh?: boolean };
  const path = pathOf(endpoint.path, i.params);
  // Options only when there are some: the call then looks exactly like a hand-written `api` call.
  const given = Object.entries({ query: i.query, signal: i.signal, noRefresh: i.noRefresh, responseType: endpoint.blob ? 'blob' : undefined }).filter(([, v]) => v !== undefined);
  const opts = given.length ? (Object.fromEntries(given) as RequestOptions) : undefined;
  const rest = opts ? [opts] : [];
  // Same for a body-less POST/PUT (`POST /messages/:ticketId/read`).
  const sent = i.body === undefined && !opts ? [] : [i.body, ...rest];
  switch (endpoint.method) {
    case 'GET':
      return api.get(path, ...rest);
    case 'POST':
      return api.post(path, ...sent);
    case 'PUT':
      return api.put(path, ...sent);
    default:
      return api.delete(path, ...rest);
  }
}
