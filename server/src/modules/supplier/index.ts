/**
 * The supplier module's door: what code outside server/src/modules/supplier/ uses. Other modules, the flows and the
 * rest of server/src import this file, never the files behind it. It never exports the module's manifest
 * (config/manifests.ts imports that directly).
 */
export { supplierBrand } from './supplier.service';
