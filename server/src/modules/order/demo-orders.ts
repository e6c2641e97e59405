import { servicesDb } from '../../db/db';
import type { MikroORM } from '@mikro-orm/postgresql';
import { freight, round2 } from '../../../../domain/money';
import { siteCountry } from '../../../../domain/regions';
import { combinedPct, taxationFor, taxLines, taxTotal } from '../../../../domain/tax';
import { holdOpenOrders } from '../stock';
import { importOrderStatuses } from './order-status';

/** Demo orders are marked so a new demo catalogue may replace them (real orders keep their products). */
export const DEMO_ORDER_SCOPE = 'demo';

const STATES = ['NC', 'SC', 'VA', 'GA', 'TN', 'OH', 'TX', 'CA', 'PA', 'MI'];
const SITES = ['axl', 'axl', 'axl', 'axl', 'axl', 'foodgrade', 'mai', 'aos', 'pay-us', 'pay-ca'];
/** Where the Canadian site's demo orders go: province, a city there and a postal code of that city. */
const CANADA = [
  { state: 'ON', city: 'Mississauga', zip: 'L5T 2N7' },
  { state: 'QC', city: 'Laval', zip: 'H7L 4W3' },
  { state: 'BC', city: 'Burnaby', zip: 'V5J 5J3' },
  { state: 'AB', city: 'Edmonton', zip: 'T6E 5V8' },
  { state: 'NS', city: 'Dartmouth', zip: 'B3B 1R7' },
  { state: 'MB', city: 'Winnipeg', zip: 'R2J 4H5' },
];

type Run = <T extends object[] = object[]>(sql: string, params?: unknown[]) => Promise<T>;

/** How many lines a demo order has, and each line's quantity: drawn from the order's number, reproducibly. */
const LINE_COUNT = (number: string) => `(1 + abs(hashtext(${number} || ':lines')) % 3)`;
const LINE_QUANTITY = (number: string, no: string) => `(1 + abs(hashtext(${number} || ':q' || ${no})) % 6)`;

/**
 * The shipments of the demo orders that shipped (decision 035): one a day after the order with UPS (a tracking
 * number made from the order number), delivered on the order's delivery day; a partly shipped order has sent its
 * first line.
 */
async function insertDemoShipments(run: Run, first: string, last: string): Promise<void> {
  await run(
    `insert into shipment (id, order_id, carrier, tracking_number, shipped_on, delivered_on)
     select gen_random_uuid(), o.id, 'ups', '1Z' || upper(substr(md5(o.order_number::text), 1, 16)),
       least(o.created_at + interval '1 day', coalesce(o.delivered_at, now()))::date, o.delivered_at::date
     from customer_order o where o.order_number between ? and ? and o.status in (2, 3, 4)`,
    [first, last],
  );
  await run(
    `insert into shipment_line (shipment_id, order_line_id, quantity)
     select s.id, l.id, l.quantity
     from shipment s join customer_order o on o.id = s.order_id join order_line l on l.order_id = o.id
     where o.order_number between ? and ? and (o.status in (3, 4) or l.line_no = 1)`,
    [first, last],
  );
  // A partly shipped order of a single line has shipped one less than ordered.
  await run(
    `update shipment_line sl set quantity = sl.quantity - 1
     from shipment s join customer_order o on o.id = s.order_id
     where sl.shipment_id = s.id and o.status = 2 and o.order_number between ? and ? and sl.quantity > 1
       and (select count(*) from order_line l where l.order_id = o.id) = 1`,
    [first, last],
  );
}

/**
 * Inserts `count` plausible paid, shipped, delivered, failed and cancelled orders of the last `days` days, with
 * one to three lines of priced catalogue products each, set-based (100,000 orders in seconds). Line totals,
 * freight, tax and totals follow the domain rules. The same `seed` gives the same orders, statuses and lines.
 */
export async function insertDemoOrders(
  orm: MikroORM,
  count: number,
  { days = 60, seed = 1 }: { days?: number; seed?: number } = {},
): Promise<number> {
  if (count <= 0) return 0;
  const db = servicesDb(orm);
  return db.transactional(async () => {
    const run = <T extends object[] = object[]>(sql: string, params: unknown[] = []) =>
      db.execute<T>(sql, params, 'all');
    const [{ first } = { first: '0' }] = await run<{ first: string }[]>(
      `select (coalesce(max(order_number), 100000) + 1)::text as first from customer_order`,
    );
    const last = (BigInt(first) + BigInt(count) - 1n).toString();
    const seedText = String(seed);
    // A hash of (seed, order number, salt) in [0, 1): reproducible without a random-number state.
    const h = (salt: string) => `(abs(hashtext(? || ':' || g || ':${salt}')) % 100000) / 100000.0`;
    // The orders, then their statuses through the status seam (the sub-statuses a status implies are its rule).
    const statuses = await run<{ id: string; status: number; at: string }[]>(
      `with o as (
         select g as number, 'buyer' || (g % 4000) || '@plant' || (g % 97) || '.example' as email,
           (string_to_array(?, ','))[1 + floor(${h('site')} * ${SITES.length})::int] as site,
           (string_to_array(?, ','))[1 + floor(${h('state')} * ${STATES.length})::int] as state,
           case when ${h('status')} < 0.40 then 18 when ${h('status')} < 0.62 then 4
                when ${h('status')} < 0.76 then 3
                -- One item cannot ship in parts: such an order has shipped whole.
                when ${h('status')} < 0.80 then
                  case when ${LINE_COUNT('g')} = 1 and ${LINE_QUANTITY('g', '1')} = 1 then 3 else 2 end
                when ${h('status')} < 0.88 then 1 when ${h('status')} < 0.93 then 14 else 16 end as status,
           now() - (${h('age')} * ?::int) * interval '1 day' as at
         from generate_series(?::bigint, ?::bigint) g
       ), inserted as (
         insert into customer_order (order_number, contact_email, site, currency_code, sub_total, freight_amt,
           tax_pct, tax_amount, tax_geo_code, total, shipping_address, carrier_id, carrier_method, payment_kind,
           card_brand, card_last4, erp_order_id, acknowledged_at, idempotency_scope, idempotency_key, request_hash,
           created_at, updated_at)
         select o.number, o.email, o.site, case when o.site = 'pay-ca' then 'cad' else 'usd' end, 0, 0, 0, 0, '', 0,
           jsonb_build_object('name', 'Receiving', 'companyName', 'Plant ' || (o.number % 900), 'addressLine1',
             (o.number % 9000 + 100) || ' Industrial Way', 'addressLine2', null, 'city', 'Springfield',
             'state', o.state, 'zip', lpad((o.number % 90000 + 10000)::text, 5, '0'), 'country', 'US',
             'isResidential', false, 'phone', null, 'email', o.email),
           'ups', 'Ground', 'card', 'visa', '4242',
           -- The ERP acknowledged what the store has processed, and what was paid for over a day ago (decision 071);
           -- the latest paid orders and the failed or cancelled ones wait for it.
           case when o.status in (1, 2, 3, 4) or (o.status = 18 and o.at < now() - interval '1 day')
             then 'ERP-' || o.number end,
           case when o.status in (1, 2, 3, 4) or (o.status = 18 and o.at < now() - interval '1 day')
             then o.at + interval '3 minutes' end,
           '${DEMO_ORDER_SCOPE}', 'demo-' || o.number, '', o.at, o.at
         from o
         returning id, order_number)
       select i.id, o.status, o.at from inserted i join o on o.number = i.order_number`,
      [
        SITES.join(','),
        seedText,
        STATES.join(','),
        seedText,
        ...Array(6).fill(seedText),
        seedText,
        days,
        first,
        last,
      ],
    );
    await importOrderStatuses(db, statuses);
    await run(
      `with products as (
         select row_number() over (order by id) as k, id, name, manufacturer_part_number, price
         from product p where price > 0 and min_transfer <= 1
           and not exists (select 1 from product_configuration_option c where c.product_id = p.id)
         order by id limit 500
       ), n as (select count(*) as n from products)
       insert into order_line (order_id, line_no, product_id, name, manufacturer_part_number, quantity, price,
         line_total)
       select o.id, l.no, p.id, p.name, p.manufacturer_part_number, l.qty, p.price, round(p.price * l.qty, 2)
       from customer_order o
       cross join lateral (
         select no, ${LINE_QUANTITY('o.order_number', 'no')} as qty,
           1 + abs(hashtext(? || ':' || o.order_number || ':p' || no)) % (select n from n) as k
         from generate_series(1, ${LINE_COUNT('o.order_number')}) no
       ) l
       join products p on p.k = l.k
       where o.order_number between ? and ?`,
      [seedText, first, last],
    );
    // Totals by the domain rules (the country's freight table, each tax of the destination), in batches; the
    // Canadian site's orders ship to Canadian addresses.
    const orders = await run<{ id: string; number: number; site: string; state: string; sub: number }[]>(
      `select o.id, o.order_number::int as number, o.site, o.shipping_address ->> 'state' as state,
         sum(l.line_total)::float8 as sub
       from customer_order o join order_line l on l.order_id = o.id
       where o.order_number between ? and ? group by o.id`,
      [first, last],
    );
    for (let i = 0; i < orders.length; i += 10_000) {
      const batch = orders.slice(i, i + 10_000).map((o) => {
        const country = siteCountry(o.site);
        const place = country === 'CA' ? CANADA[o.number % CANADA.length]! : null;
        const taxation = taxationFor(country, place?.state ?? o.state);
        const freightAmt = freight(o.sub, country);
        const taxes = taxLines(taxation.components, { subTotal: o.sub, freight: freightAmt });
        const taxAmount = taxTotal(taxes);
        return {
          id: o.id,
          sub: o.sub,
          freight: freightAmt,
          pct: combinedPct(taxes),
          tax: taxAmount,
          taxes,
          geo: taxation.geoCode,
          total: round2(o.sub + freightAmt + taxAmount),
          place: place && { ...place, country },
        };
      });
      await run(
        `update customer_order o set sub_total = t.sub, freight_amt = t.freight, tax_pct = t.pct, tax_amount = t.tax,
           taxes = t.taxes, tax_geo_code = t.geo, total = t.total,
           shipping_address = o.shipping_address || coalesce(t.place, '{}'::jsonb)
         from jsonb_to_recordset(?::jsonb) as t(id uuid, sub numeric, freight numeric, pct numeric, tax numeric,
           taxes jsonb, geo text, total numeric, place jsonb)
         where o.id = t.id`,
        [JSON.stringify(batch)],
      );
    }
    await insertDemoShipments(run, first, last);
    // The open ones hold their pieces, as orders placed in the shop do; the demo's stock counts them.
    await holdOpenOrders(run, { counted: true, numbers: [first, last] });
    await run(
      `select setval('order_number_seq', greatest((select max(order_number) from customer_order), 100000))`,
    );
    return orders.length;
  });
}
