import { Migration } from '@mikro-orm/migrations';

/**
 * Company buying, slice 1 (issue 31, decision 043): a member's role and limits on the user, invitations. A user
 * staff attached to a company before roles existed becomes an admin of it: each could buy and invite nobody.
 */
export class Migration20261126153347 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "company_invitation" ("id" uuid not null default gen_random_uuid(), "account_id" uuid not null, "email" text not null, "role" smallint not null, "order_limit" numeric(12,2) null, "monthly_limit" numeric(12,2) null, "token_hash" text not null, "invited_by_id" uuid null, "expires_at" timestamptz not null, "accepted_at" timestamptz null, "accepted_by_id" uuid null, "revoked_at" timestamptz null, "created_at" timestamptz not null default now(), constraint "company_invitation_pkey" primary key ("id"));`);
    this.addSql(`alter table "company_invitation" add constraint "company_invitation_token_hash_unique" unique ("token_hash");`);
    this.addSql(`create index "company_invitation_account_id_email_index" on "company_invitation" ("account_id", "email");`);

    this.addSql(`alter table "company_invitation" add constraint "company_invitation_account_id_foreign" foreign key ("account_id") references "business_account" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "company_invitation" add constraint "company_invitation_invited_by_id_foreign" foreign key ("invited_by_id") references "app_user" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "company_invitation" add constraint "company_invitation_accepted_by_id_foreign" foreign key ("accepted_by_id") references "app_user" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "app_user" add column "company_role" smallint null, add column "order_limit" numeric(12,2) null, add column "monthly_limit" numeric(12,2) null;`);
    this.addSql(`update "app_user" set "company_role" = 10 where "account_id" is not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "company_invitation" cascade;`);

    this.addSql(`alter table "app_user" drop column "company_role", drop column "order_limit", drop column "monthly_limit";`);
  }

}
