import { ORDER_STATUS } from '../../../../domain/order-status';
import { streetKeySql } from '../../../../domain/company';
import { registerAttachment } from '../events';

/*
 * The sales order an ERP needs (issue 56 item 6, decision 071), carried by every order event as `salesOrder`
 * (`schema: 1`). It is SQL, a jsonb expression the events statement evaluates when it writes the events, just
 * before COMMIT (publish.ts `attach`): the order as committed, read in the statement that already runs, so a
 * placement, a payment or an edit gains no statement for it. Field names follow the partner API's `order(id)`
 * where it has them (orderNumber, currencyCode, shippingAddress, lines' lineNo, itemId, unitOfMeasure, price,
 * lineTotal, configurations); the rest is what an ERP's sales order asks for. Promotions (decision 079) added
 * fields, so the schema stays 1: `promotions`, each line's `discount` and `netLineTotal`, `freight.discount` and
 * `totals.discount` (totals.total = subTotal − discount + freight + tax).
 */

/** The version of the `salesOrder` document: a change that removes or renames a field raises it. */
export const SALES_ORDER_SCHEMA = 1;

/** The key the order events' payload carries it under. */
export const SALES_ORDER_KEY = 'salesOrder';

const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const statusLabel = (column: string) =>
  `case ${column} ${Object.entries(ORDER_STATUS)
    .map(([code, label]) => `when ${code} then '${label.replace(/'/g, "''")}'`)
    .join(' ')} end`;

/** An address as the order keeps it (jsonb), with the ERP ship-to id of the company's location at that street. */
const addressWithShipTo = (address: string) =>
  `case when jsonb_typeof(${address}) is distinct from 'object' then null else ${address} || jsonb_build_object('erpShipToId',
     (select ca.erp_ship_to_id from company_address ca
      where ca.account_id = so.account_id and ca.erp_ship_to_id is not null
        and ${streetKeySql({
          addressLine1: 'ca.address_line1',
          addressLine2: 'ca.address_line2',
          city: 'ca.city',
          state: 'ca.state',
          zip: 'ca.zip',
          country: 'ca.country',
        })} = ${streetKeySql({
          addressLine1: `(${address}->>'addressLine1')`,
          addressLine2: `(${address}->>'addressLine2')`,
          city: `(${address}->>'city')`,
          state: `(${address}->>'state')`,
          zip: `(${address}->>'zip')`,
          country: `(${address}->>'country')`,
        })}
      order by ca.bill_to desc, ca.created_at limit 1)) end`;

/** The salesOrder document of the order whose id is the SQL `orderId` (text), as jsonb. */
export function salesOrderSql(orderId: string): string {
  return `(select jsonb_build_object(
    'schema', ${SALES_ORDER_SCHEMA},
    'orderId', o.id,
    'orderNumber', o.order_number::text,
    'placedAt', ${iso('o.created_at')},
    'site', o.site,
    'locale', o.locale,
    'currencyCode', o.currency_code,
    'status', o.status,
    'statusLabel', ${statusLabel('o.status')},
    'erpOrderId', o.erp_order_id,
    'acknowledgedAt', ${iso('o.acknowledged_at')},
    'contactEmail', o.contact_email,
    'soldTo', jsonb_build_object(
      'userId', o.user_id, 'email', o.contact_email,
      'name', nullif(btrim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''),
      'companyId', ba.id, 'company', ba.company, 'erpAccountId', ba.erp_account_id),
    'billTo', ${addressWithShipTo('o.bill_to')},
    'shipTo', ${addressWithShipTo('o.shipping_address')},
    'lines', coalesce((select jsonb_agg(jsonb_build_object(
        'lineNo', l.line_no, 'itemId', l.product_id, 'partNumber', l.product_id,
        'erpItemNumber', coalesce(p.erp_item_id, l.product_id),
        'manufacturerPartNumber', l.manufacturer_part_number, 'description', l.name,
        'quantity', l.quantity, 'unitOfMeasure', l.unit_of_measure, 'price', l.price, 'lineTotal', l.line_total,
        'discount', l.discount_amount, 'netLineTotal', l.line_total - l.discount_amount,
        'configurations', l.configurations, 'quoted', l.quoted) order by l.line_no)
      from order_line l left join product p on p.id = l.product_id where l.order_id = o.id), '[]'::jsonb),
    'taxes', case when jsonb_array_length(o.taxes) > 0 then (
        select jsonb_agg(jsonb_build_object('jurisdiction', so.jurisdiction, 'geoCode', o.tax_geo_code)
          || t.tax order by t.n) from jsonb_array_elements(o.taxes) with ordinality as t(tax, n))
      when o.tax_amount <> 0 then jsonb_build_array(jsonb_build_object('jurisdiction', so.jurisdiction,
        'geoCode', o.tax_geo_code, 'kind', null, 'pct', o.tax_pct, 'amount', o.tax_amount))
      else '[]'::jsonb end,
    'freight', jsonb_build_object('carrierId', o.carrier_id, 'carrierMethod', o.carrier_method,
      'amount', o.freight_amt, 'discount', o.freight_discount, 'note', o.shipping_note),
    'promotions', coalesce((select jsonb_agg(jsonb_build_object('name', op.name, 'code', op.code,
        'amount', op.amount, 'freightAmount', op.freight_amount) order by op.position)
      from order_promotion op where op.order_id = o.id and op.dropped_at is null), '[]'::jsonb),
    'totals', jsonb_build_object('subTotal', o.sub_total, 'discount', o.discount_total, 'freight', o.freight_amt,
      'tax', o.tax_amount, 'total', o.total),
    'payment', jsonb_build_object('kind', o.payment_kind, 'status', o.payment_status, 'poNumber', o.po_number,
      'netTermsDays', case when o.payment_kind = 'purchaseOrder' then ba.net_terms_days end,
      'terms', case when o.payment_kind = 'purchaseOrder' and ba.net_terms_days is not null
        then 'NET' || ba.net_terms_days else 'PREPAID' end,
      'cardBrand', o.card_brand, 'cardLast4', o.card_last4),
    'poNumber', o.po_number)
  from customer_order o
  left join app_user u on u.id = o.user_id
  cross join lateral (select coalesce(o.account_id, u.account_id) as account_id,
    coalesce(o.shipping_address->>'country', 'US') || '-' || (o.shipping_address->>'state') as jurisdiction) so
  left join business_account ba on ba.id = so.account_id
  where o.id = (${orderId})::uuid)`;
}

registerAttachment(SALES_ORDER_KEY, salesOrderSql);
