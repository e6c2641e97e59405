/**
 * The imports module's door (decision 069): what code outside server/src/modules/imports/ uses. It never exports
 * the module's manifest (config/manifests.ts imports that directly).
 */
export { IMPORT_PATHS } from './imports.routes';
