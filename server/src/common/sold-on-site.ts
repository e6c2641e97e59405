import { restrictingRegions, siteCountry } from '../../../domain/regions';

/**
 * The domain's `soldIn` (decision 057) in SQL: whether the row `alias` (a product or a search row, with its
 * `allowed_states`) may ship to one of `regions`, a text[] expression of the site country's region codes.
 * It lies in common because the catalog and the search module both filter by it, and search, below the catalog,
 * imports no catalog file (issue 53).
 */
export const soldOnSiteSql = (alias: string, regions: string): string =>
  `(cardinality(${alias}.allowed_states) = 0 or ${alias}.allowed_states && ${regions})`;

/** The region codes a site's parts must be allowed one of, or null when the site sells every part (the US sites). */
export const siteRestriction = (site: string | null): readonly string[] | null =>
  site === null ? null : restrictingRegions(siteCountry(site));
