import type { Company } from '../companies/company.entity.js';

/** A company is expired once its due date has passed (the platform company never is). */
export function isExpired(company: Pick<Company, 'isPlatform' | 'dueDate'>, now = new Date()): boolean {
  return !company.isPlatform && !!company.dueDate && company.dueDate.getTime() < now.getTime();
}
