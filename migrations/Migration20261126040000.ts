import { Migration } from '@mikro-orm/migrations';

/**
 * Orders marked Shipped or Delivered (or later: returns and disputes follow a delivery) before shipments existed
 * (decision 035) get the one shipment their status implies: all their lines, with the order's carrier, the day
 * their history says they shipped and, once delivered, the delivery day; the tracking number was never recorded
 * (empty: shown as "not recorded"). Their statuses and delivery time follow, so they can be delivered and returned.
 * Partly shipped orders are left as they are: which items left is not known, and shipping the rest records it.
 */
export class Migration20261126040000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`
      with shipped as (
        select o.id, o.status, o.carrier_id, o.created_at,
          coalesce((select min(e.at) from order_event e where e.order_id = o.id and e.to_status in (2, 3)),
                   o.created_at) as shipped_at,
          case when o.status >= 4 then coalesce(o.delivered_at,
            (select min(e.at) from order_event e where e.order_id = o.id and e.to_status = 4), o.updated_at) end
            as delivered_at
        from customer_order o
        where o.status in (3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13)
          and not exists (select 1 from shipment s where s.order_id = o.id)
      ), made as (
        insert into shipment (order_id, carrier, tracking_number, shipped_on, delivered_on)
        select id, case when carrier_id in ('ups', 'fedex', 'usps', 'canada-post', 'purolator', 'ltl')
                        then carrier_id else 'ups' end,
          '', (shipped_at at time zone 'UTC')::date, (delivered_at at time zone 'UTC')::date
        from shipped
        returning id, order_id
      ), parts as (
        -- Run once whether or not it is read (a data-modifying WITH).
        insert into shipment_line (shipment_id, order_line_id, quantity)
        select m.id, l.id, l.quantity from made m join order_line l on l.order_id = m.order_id where l.quantity > 0
      )
      update customer_order o set shipment_status = 'SHIPPED',
        delivery_status = case when o.status >= 4 then 'DELIVERED' else o.delivery_status end,
        delivered_at = case when o.status >= 4 then least(s.delivered_at, now()) else o.delivered_at end
      from shipped s where s.id = o.id;`);
  }

  override async down(): Promise<void> {
    this.addSql(`delete from shipment where tracking_number = '';`);
  }

}
