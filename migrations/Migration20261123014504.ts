import { Migration } from '@mikro-orm/migrations';

export class Migration20261123014504 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "app_user" add column "supplier_brand_handle" text null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "app_user" drop column "supplier_brand_handle";`);
  }

}
