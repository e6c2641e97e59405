import { randomUUID } from 'node:crypto';
import { hashPassword } from '../src/modules/auth/password';
import type { TestApp } from './harness';
import { FakeProcurement, newIdentity } from './procurement';

/** A company with a punchout credential for a fake procurement system (started), and its acting buyer if asked. */
export interface PunchoutCompany {
  companyId: string;
  credentialId: string;
  procurement: FakeProcurement;
  /** The acting user's id (null: per-buyer users by e-mail). */
  actingUserId: string | null;
  actingEmail: string | null;
}

export async function punchoutCompany(
  t: TestApp,
  options: { acting?: boolean; ociUsername?: string; ociPassword?: string; systemName?: string } = {},
): Promise<PunchoutCompany> {
  const db = t.orm.em.getConnection();
  const procurement = new FakeProcurement(newIdentity());
  await procurement.start();
  const [company] = await db.execute<{ id: string }[]>(
    `insert into business_account (company, net_terms_days) values (?, 30) returning id`,
    [`Plant ${randomUUID().slice(0, 6)}`],
  );
  let actingUserId: string | null = null;
  let actingEmail: string | null = null;
  if (options.acting !== false) {
    actingEmail = `punchout.${randomUUID()}@plant.example`;
    actingUserId = await t.createUser({
      email: actingEmail,
      password: 'Punchout-Rail-2026!',
      accountId: company!.id,
    });
    await db.execute(
      `update app_user set first_name = 'Pat', last_name = 'Procurer', company_role = 30 where id = ?`,
      [actingUserId],
    );
  }
  const id = procurement.identity;
  const [credential] = await db.execute<{ id: string }[]>(
    `insert into punchout_credential (company_id, system_name, from_domain, from_identity, sender_domain,
       sender_identity, secret_hash, return_urls, acting_user_id, oci_username, oci_password_hash)
     values (?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?) returning id`,
    [
      company!.id,
      options.systemName ?? 'SAP Ariba',
      id.fromDomain,
      id.fromIdentity,
      id.senderDomain,
      id.senderIdentity,
      await hashPassword(id.secret),
      JSON.stringify([
        { environment: 'test', url: procurement.returnUrl },
        { environment: 'test', url: procurement.hookUrl },
      ]),
      actingUserId,
      options.ociUsername ?? null,
      options.ociPassword ? await hashPassword(options.ociPassword) : null,
    ],
  );
  return { companyId: company!.id, credentialId: credential!.id, procurement, actingUserId, actingEmail };
}
