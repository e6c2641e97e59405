import { Migration } from '@mikro-orm/migrations';

/**
 * Family names of one letter and a word (T-Nut, D-Cut) are also indexed joined ("tnut"), in the search rows and the
 * spelling dictionary (issue 30, item 3). The search rows are derived data: emptied here, rebuilt at start-up with
 * the dictionary (searchIndexIsComplete).
 */
export class Migration20261126150000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`truncate "product_search";`);
  }

  override async down(): Promise<void> {
    this.addSql(`truncate "product_search";`);
  }

}
