/**
 * The returns module's door (issue 53, item 2): what code outside server/src/modules/returns/ uses (the flow that
 * completes a return and its transport). Other modules, the flows and the rest of server/src import this file,
 * never the files behind it (eslint.config.mjs holds it; server/test may). It never exports the module's manifest
 * (config/manifests.ts imports that directly).
 */
export {
  mailReturnStep,
  moveOrderWithReturn,
  recordReturnStep,
  returnedBefore,
  returnStep,
  wholeOrderReturned,
} from './return-progress';
export { ReturnGql } from './returns.resolver';
export { returnsService, type ReturnView } from './returns.service';
