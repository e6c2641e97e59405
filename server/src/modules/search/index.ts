/**
 * The search module's door (issue 53, item 2): what code outside server/src/modules/search/ uses. Other modules, the
 * flows and the rest of server/src import this file, never the files behind it (eslint.config.mjs holds it;
 * server/test may). It never exports the module's manifest (config/manifests.ts imports that directly).
 */
export {
  scheduleTypeaheadWarming,
  WARM_INTERVAL_MS,
  staleTypeaheadAnswers,
  forgetTypeaheadAnswers,
} from './search.ahead';
export { AttributionLog } from './search.attribution';
export { searchConsumer } from './search.consumer';
export { AnswerCache } from './search.cache';
export { refreshSearchIndex, searchIndexIsComplete, bumpIndexVersion } from './search.index';
export { type Found, searchService, type SearchAnswer, type Suggestion } from './search.service';
export {
  SearchAnswerGql,
  SearchFiltersGql,
  SearchSortGql,
  NavigationGql,
  RefinementGql,
  SearchSuggestionGql,
} from './search.types';
