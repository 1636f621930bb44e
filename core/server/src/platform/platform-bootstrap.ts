import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { CompanySchema } from '../companies/company.entity.js';
import { PlanSchema } from '../plans/plan.entity.js';
import { UserSchema } from '../users/user.entity.js';
import { hashPassword } from '../auth/password.js';
import { newReferralCode } from '../companies/referral-code.js';
import { ACROSS_TENANTS } from '../tenancy/tenant-filter.js';

/**
 * First start: create the platform company, its plan and the super user from SUPER_EMAIL/SUPER_PASSWORD.
 * Without SUPER_PASSWORD a random one is generated and printed once; there is no built-in password.
 * Runs inside one transaction guarded by an advisory lock so two processes starting together create one.
 */
export async function bootstrapPlatform(
  rootEm: EntityManager,
  superEmail: string,
  superPassword: string | undefined,
  log: (msg: string) => void,
): Promise<void> {
  const em = rootEm.fork();
  await em.transactional(async (tx) => {
    await tx.getConnection().execute('select pg_advisory_xact_lock(7305001)');
    const existing = await tx.findOne(UserSchema, { super: true }, ACROSS_TENANTS);
    if (existing) return;
    let plan = await tx.findOne(PlanSchema, { name: 'Plataforma' });
    if (!plan) {
      plan = tx.create(PlanSchema, { name: 'Plataforma', value: 0, users: 9999, connections: 9999, queues: 9999, offered: false });
    }
    await tx.flush();
    let company = await tx.findOne(CompanySchema, { isPlatform: true });
    if (!company) {
      company = tx.create(CompanySchema, {
        name: 'Atende',
        email: superEmail,
        planId: plan.id,
        isPlatform: true,
        dueDate: null,
        referralCode: newReferralCode(),
      });
      await tx.flush();
    }
    const generated = !superPassword;
    const password = superPassword ?? randomBytes(12).toString('base64url');
    tx.create(UserSchema, {
      companyId: company.id,
      name: 'Super',
      email: superEmail,
      passwordHash: await hashPassword(password),
      profile: 'super',
      super: true,
      language: null,
    });
    await tx.flush();
    if (generated) {
      log(
        `\n  Super user created: ${superEmail}\n  Generated password (shown only this once): ${password}\n` +
          `  Set SUPER_PASSWORD before the first start to choose it instead.\n`,
      );
    } else {
      log(`Super user created: ${superEmail}`);
    }
  });
}
