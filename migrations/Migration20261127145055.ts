import { Migration } from '@mikro-orm/migrations';
import { holdOpenOrders } from '../server/src/modules/stock/open-orders';

/**
 * Open orders placed before stock was kept hold their pieces (decision 050): each line not yet shipped is reserved
 * from the stock counted so far, the rest backordered at the ship-to's nearest warehouse, so the first counts and
 * deliveries serve these orders before new buyers. A new database has no orders: nothing to do.
 */
export class Migration20261127145055 extends Migration {

  override async up(): Promise<void> {
    await holdOpenOrders(<T extends object[] = object[]>(sql: string, params: unknown[] = []) =>
      this.execute(sql, params) as Promise<T>,
    );
  }

  override async down(): Promise<void> {
    // The reservations it made are indistinguishable from later ones; they are released as their orders move on.
  }

}
