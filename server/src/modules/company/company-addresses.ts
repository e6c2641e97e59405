import {
  COMPANY_ADDRESS_LIMIT,
  companyAddressSchema,
  isCompanyLocation,
  SHIP_TO_LOCATIONS_ONLY,
} from '../../../../domain/company';
import { addressIdSchema } from '../../../../domain/account.schema';
import { AppError, notFound } from '../../common/errors';
import { validate } from '../../common/validate';
import type { Ctx, Db } from '../../context';
import { recordAudit } from '../audit';
import type { AddressView } from '../account';
import type { OrderAddress } from '../order';
import { adminOf } from './company-access';
import { companyChanged } from './company-events';

/*
 * A company's locations (issue 31, decision 045): the addresses its members ship to, picked at checkout, and its
 * bill-to address, printed on its orders' invoices. Every member reads them; its admins keep them.
 */

/** A location: a saved address's fields (not its primary mark or last use), its name and whether it is the bill-to. */
export type CompanyAddressView = Omit<AddressView, 'primary' | 'lastUsedAt'> & {
  label: string;
  billTo: boolean;
};

const COLUMNS = `id, label, name, address_line1 as "addressLine1", address_line2 as "addressLine2", city, state, zip,
  country, email, phone, bill_to as "billTo"`;

/** The company's locations, the bill-to first, then by name. */
export function companyAddresses(db: Db, accountId: string): Promise<CompanyAddressView[]> {
  return db.execute<CompanyAddressView[]>(
    `select ${COLUMNS} from company_address where account_id = ? order by bill_to desc, lower(label)`,
    [accountId],
    'all',
  );
}

/** Shipping only to the company's locations needs one. */
const KEEP_A_LOCATION = 'A company that ships only to its locations keeps at least one.';

/** A unique-name violation becomes the field error the location form shows. */
function labelTaken(err: unknown): never {
  if ((err as { code?: string; constraint?: string }).code === '23505') {
    const message = 'Your company already has a location with this name.';
    throw new AppError('BAD_USER_INPUT', message, [{ field: 'label', message }]);
  }
  throw err;
}

/**
 * In the placement's transaction: refuses a shipping address that is none of the company's locations when the
 * company ships only there, and answers its bill-to address for the order (null: none).
 */
export async function companyShipping(
  db: Db,
  accountId: string,
  shipTo: OrderAddress,
): Promise<OrderAddress | null> {
  const [company] = await db.execute<{ only: boolean; company: string }[]>(
    'select ship_to_locations_only as only, company from business_account where id = ? for share',
    [accountId],
    'all',
  );
  const locations = await companyAddresses(db, accountId);
  if (company?.only && !isCompanyLocation(shipTo, locations)) {
    throw new AppError('BAD_USER_INPUT', SHIP_TO_LOCATIONS_ONLY, [
      { field: 'shippingAddress.addressLine1', message: SHIP_TO_LOCATIONS_ONLY },
    ]);
  }
  const billTo = locations.find((l) => l.billTo);
  return billTo
    ? {
        name: billTo.name,
        companyName: company?.company ?? null,
        addressLine1: billTo.addressLine1,
        addressLine2: billTo.addressLine2 || null,
        city: billTo.city,
        state: billTo.state,
        zip: billTo.zip,
        country: billTo.country,
        isResidential: false,
        phone: billTo.phone || null,
        email: billTo.email,
      }
    : null;
}

export const companyAddressService = {
  /**
   * A company admin adds a location (no id) or changes one (id). Marked bill-to, it takes the place of the former
   * bill-to address. Entry point: the location as sent.
   */
  async save(ctx: Ctx, body: unknown): Promise<CompanyAddressView> {
    const input = validate(companyAddressSchema, body);
    return ctx.db.transactional(async () => {
      const accountId = await adminOf(ctx);
      // The company's row is the lock of its locations: two admins adding the 100th at once count one by one.
      await ctx.db.execute('select 1 from business_account where id = ? for update', [accountId], 'all');
      const [before] = input.id
        ? await ctx.db.execute<CompanyAddressView[]>(
            `select ${COLUMNS} from company_address where id = ? and account_id = ?`,
            [input.id, accountId],
            'all',
          )
        : [];
      if (input.id && !before) throw notFound('Location');
      if (!before) {
        const [{ n }] = (await ctx.db.execute<{ n: number }[]>(
          'select count(*)::int as n from company_address where account_id = ?',
          [accountId],
          'all',
        )) as [{ n: number }];
        if (n >= COMPANY_ADDRESS_LIMIT) {
          const message = `A company keeps at most ${COMPANY_ADDRESS_LIMIT} locations.`;
          throw new AppError('BAD_USER_INPUT', message, [{ field: 'label', message }]);
        }
      }
      if (input.billTo) {
        await ctx.db.execute(
          'update company_address set bill_to = false where account_id = ? and bill_to and id is distinct from ?',
          [accountId, input.id ?? null],
          'run',
        );
      }
      const values = [
        input.label,
        input.name,
        input.addressLine1,
        input.addressLine2 ?? '',
        input.city,
        input.state.toUpperCase(),
        input.zip,
        input.country,
        input.email,
        input.phone ?? '',
        input.billTo,
      ];
      const [saved] = await ctx.db
        .execute<CompanyAddressView[]>(
          before
            ? `update company_address set label = ?, name = ?, address_line1 = ?, address_line2 = ?, city = ?,
                 state = ?, zip = ?, country = ?, email = ?, phone = ?, bill_to = ?
               where id = ? and account_id = ? returning ${COLUMNS}`
            : `insert into company_address (label, name, address_line1, address_line2, city, state, zip, country,
                 email, phone, bill_to, account_id) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning ${COLUMNS}`,
          before ? [...values, before.id, accountId] : [...values, accountId],
          'all',
        )
        .catch(labelTaken);
      await recordAudit(ctx, {
        action: before ? 'company.location-changed' : 'company.location-added',
        targetType: 'company',
        targetId: accountId,
        before: before ?? null,
        after: saved!,
      });
      return saved!;
    });
  },

  /** A company admin removes a location (orders keep the address they were shipped to). */
  async remove(ctx: Ctx, body: unknown): Promise<void> {
    const { id } = validate(addressIdSchema, body);
    await ctx.db.transactional(async () => {
      const accountId = await adminOf(ctx);
      // The company's row is the lock of its locations and its shipping rule (two admins removing the last two at
      // once, or one removing while another turns the rule on, count one after the other).
      await ctx.db.execute('select 1 from business_account where id = ? for update', [accountId], 'all');
      const [removed] = await ctx.db.execute<CompanyAddressView[]>(
        `delete from company_address where id = ? and account_id = ? returning ${COLUMNS}`,
        [id, accountId],
        'all',
      );
      if (!removed) throw notFound('Location');
      const [left] = await ctx.db.execute<{ only: boolean; n: number }[]>(
        `select a.ship_to_locations_only as only, (select count(*)::int from company_address c
           where c.account_id = a.id) as n from business_account a where a.id = ?`,
        [accountId],
        'all',
      );
      if (left?.only && left.n === 0) throw new AppError('CONFLICT', KEEP_A_LOCATION);
      await recordAudit(ctx, {
        action: 'company.location-removed',
        targetType: 'company',
        targetId: accountId,
        before: removed,
        after: {},
      });
    });
  },

  /** A company admin chooses whether its members ship only to its locations. */
  async shipToLocationsOnly(ctx: Ctx, only: boolean): Promise<void> {
    await ctx.db.transactional(async () => {
      const accountId = await adminOf(ctx);
      await ctx.db.execute('select 1 from business_account where id = ? for update', [accountId], 'all');
      if (only && (await companyAddresses(ctx.db, accountId)).length === 0) {
        throw new AppError('CONFLICT', KEEP_A_LOCATION);
      }
      await ctx.db.execute(
        'update business_account set ship_to_locations_only = ? where id = ?',
        [only, accountId],
        'run',
      );
      companyChanged(ctx, accountId, 'updated', { shipToLocationsOnly: only });
      await recordAudit(ctx, {
        action: 'company.shipping-changed',
        targetType: 'company',
        targetId: accountId,
        after: { shipToLocationsOnly: only },
      });
    });
  },
};
