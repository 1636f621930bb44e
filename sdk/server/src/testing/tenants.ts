import { SUPER, type client } from './server.js';

/** The password of the company admins `twoCompanies` creates. */
export const TENANT_PASSWORD = 'Str0ng-pass';

/**
 * Two companies on one plan, made through the API by the super user: Tienda (admin@tienda.test) and
 * Otra (admin@otra.test), both with TENANT_PASSWORD. Answers their admins' tokens and Tienda's id.
 */
export async function twoCompanies(api: ReturnType<typeof client>, limits = { users: 10, connections: 2, queues: 5 }) {
  const sup = (await api.login(SUPER.email, SUPER.password)).token;
  const plan = (await api.post('/api/plans', { name: 'Pyme', value: 99, ...limits }, sup)).body;
  for (const [name, email] of [
    ['Tienda', 'admin@tienda.test'],
    ['Otra', 'admin@otra.test'],
  ]) {
    const r = await api.post('/api/companies', { name, email, password: TENANT_PASSWORD, planId: plan.id }, sup);
    if (r.status !== 201) throw new Error(`company ${name}: ${r.status} ${JSON.stringify(r.body)}`);
  }
  const tienda = await api.login('admin@tienda.test', TENANT_PASSWORD);
  const otra = await api.login('admin@otra.test', TENANT_PASSWORD);
  return { admin: tienda.token, companyId: tienda.user.companyId as number, otherAdmin: otra.token };
}
