import { Migration } from '@mikro-orm/migrations';

export class Migration20261123075602 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "return_request" ("id" uuid not null default gen_random_uuid(), "order_id" uuid not null, "user_id" uuid null, "rma_number" text null, "status" smallint not null default 5, "decision" text not null default 'RETURN_PENDING', "reason" text not null, "comment" text not null default '', "refund_amount" numeric(12,2) null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint "return_request_pkey" primary key ("id"));`);
    this.addSql(`create index "return_request_order_id_index" on "return_request" ("order_id");`);
    this.addSql(`alter table "return_request" add constraint "return_request_rma_number_unique" unique ("rma_number");`);
    this.addSql(`create index "return_request_status_created_at_index" on "return_request" ("status", "created_at");`);

    this.addSql(`create table "return_line" ("id" uuid not null default gen_random_uuid(), "return_request_id" uuid not null, "order_line_id" uuid not null, "quantity" int not null, constraint "return_line_pkey" primary key ("id"), constraint return_line_quantity_check check (quantity > 0));`);
    this.addSql(`create index "return_line_return_request_id_index" on "return_line" ("return_request_id");`);
    this.addSql(`create index "return_line_order_line_id_index" on "return_line" ("order_line_id");`);

    this.addSql(`alter table "return_request" add constraint "return_request_order_id_foreign" foreign key ("order_id") references "customer_order" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "return_request" add constraint "return_request_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "return_line" add constraint "return_line_return_request_id_foreign" foreign key ("return_request_id") references "return_request" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "return_line" add constraint "return_line_order_line_id_foreign" foreign key ("order_line_id") references "order_line" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "test_payment_intent" add column "amount_refunded" numeric(12,2) not null default 0, add column "last_refund_key" text null;`);

    this.addSql(`alter table "customer_order" add column "delivered_at" timestamptz null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "return_line" drop constraint "return_line_return_request_id_foreign";`);

    this.addSql(`drop table if exists "return_request" cascade;`);

    this.addSql(`drop table if exists "return_line" cascade;`);

    this.addSql(`alter table "customer_order" drop column "delivered_at";`);

    this.addSql(`alter table "test_payment_intent" drop column "amount_refunded", drop column "last_refund_key";`);
  }

}
