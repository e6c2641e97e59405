import { Migration } from '@mikro-orm/migrations';

/**
 * Prices a buyer can read (issue 27): area products ("Cut to Size" panels) take a width and a height, which make one
 * configuration whose value is the area in m² (an `area` option with its `dimensions`), priced per m² by the
 * configured-price rule with no base; cut lengths go in half millimetres, as their descriptions promise ±0.25 mm.
 */
export class Migration20261125240000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "product_configuration_option" add column "dimensions" jsonb null;`);
    this.addSql(`update "product_configuration_option" set "step" = 0.5 where "code" = 'CUT_LENGTH' and "step" = 1;`);
    this.addSql(`insert into "product_configuration_option" ("id", "product_id", "code", "name", "kind", "unit", "unit_price",
        "min_value", "max_value", "step", "default_value", "required", "position", "dimensions")
      select gen_random_uuid(), p."id", 'AREA', 'Size', 'area', 'm²', p."price", 0.0025, 2.88, null, 0.24, true, 0,
        '{"width":{"min":50,"max":1200,"step":1,"default":600},"height":{"min":50,"max":2400,"step":1,"default":400}}'::jsonb
      from "product" p
      where p."measure_kind" = 'area' and p."price" is not null
        and not exists (select 1 from "product_configuration_option" o where o."product_id" = p."id");`);
    this.addSql(`update "product" set "base_price" = 0 where "measure_kind" = 'area' and "price" is not null;`);
    this.addSql(`update "price_list_item" i set "base_price" = 0 from "product" p
      where p."id" = i."product_id" and p."measure_kind" = 'area' and i."price" is not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`delete from "product_configuration_option" where "kind" = 'area';`);
    this.addSql(`alter table "product_configuration_option" drop column "dimensions";`);
  }

}
