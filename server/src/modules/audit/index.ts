/**
 * The audit module's door (issue 53, item 2): what code outside server/src/modules/audit/ uses. Other modules, the
 * flows and the rest of server/src import this file, never the files behind it (eslint.config.mjs holds it;
 * server/test may). It never exports the module's manifest (config/manifests.ts imports that directly).
 */
export { writeAudit, recordAudit } from './audit';
