import type { EntityManager } from '@mikro-orm/core';

/**
 * Running code for one company outside an HTTP request (workers, timers, event subscribers), with the
 * same fail-closed tenant filter a request gets: every query on an entity with `companyId` is limited
 * to that company, and a query that somehow runs without one throws instead of reading every tenant.
 * Inject by the `TENANCY` token.
 */
export const TENANCY = Symbol.for('atende:tenancy');

/** The TENANCY port: an EntityManager scoped to one company outside a request (workers, timers, subscribers). */
export interface Tenancy {
  /** Runs `work` with an EntityManager scoped to `companyId` (a fresh one: its own identity map). */
  forCompany<T>(companyId: number, work: (em: EntityManager) => Promise<T>): Promise<T>;
}
