import pg from 'pg';
import { PLAN_FLAGS, type PlanFlag } from '@atende/core-contract';
import { hashPassword } from '@atende/server/password';

/**
 * Seeds a tenant straight into the database (companies/users API arrives with the tenancy issue):
 * a plan with the given flags, a company on it, and one user per profile requested.
 */
export async function seedCompany(
  databaseUrl: string,
  opts: { name: string; flags: Partial<Record<PlanFlag, boolean>>; dueInDays?: number; limits?: { users?: number; queues?: number; connections?: number }; users: { email: string; password: string; profile: 'admin' | 'user' | 'supervisor' }[] },
): Promise<{ companyId: number; planId: number }> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const flags = PLAN_FLAGS.map((f) => opts.flags[f] ?? false);
    const cols = PLAN_FLAGS.map((f) => f.replace(/[A-Z]/g, (m) => `_${m.toLowerCase()}`)).join(', ');
    const params = PLAN_FLAGS.map((_, i) => `$${i + 2}`).join(', ');
    const plan = await c.query(`insert into plans (name, ${cols}, users, queues, connections) values ($1, ${params}, $9, $10, $11) returning id`, [
      `${opts.name} plan`,
      ...flags,
      opts.limits?.users ?? 10,
      opts.limits?.queues ?? 10,
      opts.limits?.connections ?? 10,
    ]);
    const planId = plan.rows[0].id as number;
    const company = await c.query(
      `insert into companies (name, email, plan_id, due_date, referral_code) values ($1, $2, $3, now() + $4::interval, $5) returning id`,
      [opts.name, `${opts.name.toLowerCase().replace(/\W+/g, '')}@example.com`, planId, `${opts.dueInDays ?? 30} days`, `ref${planId}x${Date.now() % 1e6}`],
    );
    const companyId = company.rows[0].id as number;
    for (const u of opts.users) {
      await c.query(`insert into users (company_id, name, email, password_hash, profile) values ($1, $2, $3, $4, $5)`, [
        companyId,
        u.email.split('@')[0],
        u.email,
        await hashPassword(u.password),
        u.profile,
      ]);
    }
    return { companyId, planId };
  } finally {
    await c.end();
  }
}
