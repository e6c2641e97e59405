import type { MikroORM } from '@mikro-orm/postgresql';
import { ROLES, VALIDITY } from '../../../../domain/roles';
import { hashPassword } from '../auth/password';
import { DEMO_ORDER_SCOPE } from './demo-orders';

/**
 * Demo buyers, so the order history, re-order and return flows can be tried right after `npm start`. They exist
 * only with the demo data, never with NODE_ENV=production; their e-mails and password are printed at start and
 * in the README.
 */
export const DEMO_BUYERS = [
  { email: 'dana.buyer@demo.axisline.example', firstName: 'Dana', lastName: 'Buyer' },
  { email: 'sam.engineer@demo.axisline.example', firstName: 'Sam', lastName: 'Engineer' },
] as const;
export const DEMO_PASSWORD = 'Demo-Rail-2026!';

/** Every this-many demo orders belong to the demo buyers (about 16 each of 400), the rest to anonymous buyers. */
const SHARE = 25;

/**
 * Creates the demo buyers (when missing) and gives them a share of the demo orders, delivered ones included.
 * Does nothing in production. Returns the demo buyers' e-mails.
 */
export async function ensureDemoBuyers(
  orm: MikroORM,
  { production }: { production: boolean },
): Promise<string[]> {
  if (production) return [];
  const db = orm.em.getConnection();
  const hash = await hashPassword(DEMO_PASSWORD);
  const emails: string[] = [];
  for (const [i, buyer] of DEMO_BUYERS.entries()) {
    await db.execute(
      `insert into app_user (email, password_hash, first_name, last_name, role, validity)
       values (?, ?, ?, ?, ?, ?) on conflict do nothing`,
      [buyer.email, hash, buyer.firstName, buyer.lastName, ROLES.Customer, VALIDITY.Valid],
    );
    await db.execute(
      `update customer_order o set user_id = u.id, contact_email = u.email,
         shipping_address = o.shipping_address || jsonb_build_object('email', u.email)
       from app_user u
       where lower(u.email) = ? and o.idempotency_scope = ? and o.user_id is null and o.order_number % ? = ?`,
      [buyer.email, DEMO_ORDER_SCOPE, SHARE, i],
    );
    emails.push(buyer.email);
  }
  return emails;
}

/** The demo buyers this database has (for the start banner); none in production. */
export async function demoBuyersIn(
  orm: MikroORM,
  { production }: { production: boolean },
): Promise<string[]> {
  if (production) return [];
  const rows = await orm.em
    .getConnection()
    .execute<{ email: string }[]>('select email from app_user where email in (?) order by email', [
      DEMO_BUYERS.map((b) => b.email),
    ]);
  return rows.map((r) => r.email);
}
