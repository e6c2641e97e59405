import { Migration } from '@mikro-orm/migrations';

/**
 * A consumer of business events may take only some types (decision 069, "Search rows after commit"): the search
 * consumer refreshes an import's search rows from its price and product events, and orders write no delivery for it.
 */

export class Migration20261203200000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "domain_event_consumer" add column "types" text[] null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "domain_event_consumer" drop column "types";`);
  }

}
