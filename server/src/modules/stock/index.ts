/**
 * The stock module's door (issue 53, item 2): what code outside server/src/modules/stock/ uses. Other modules, the
 * flows and the rest of server/src import this file, never the files behind it (eslint.config.mjs holds it;
 * server/test may). It never exports the module's manifest (config/manifests.ts imports that directly).
 */
export { holdOpenOrders } from './open-orders';
export { shipPlan, partStock, type PartStock } from './stock.read';
export {
  releaseStockOfCancelledOrder,
  lockStockOfOrders,
  consumeShippedStock,
  lockStock,
  releaseOrderStock,
  reserveOrderStock,
  restockReturned,
  setOnHand,
  countStockLevels,
} from './stock.service';
export { PartStockGql, partStockGql, ShipDateGql, shipDateGql, StockCountInputGql } from './stock.types';
