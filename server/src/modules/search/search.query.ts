import { DICTIONARY_WORD_MIN_LENGTH, MAX_SEARCH_TERM_LENGTH, typeaheadText } from '../../../../domain/search';
import { AppError } from '../../common/errors';

/**
 * Synonym groups: a query containing one variant also searches the others. Variants are written as the
 * words a normalised query contains (lower case, letters and digits).
 */
export const SYNONYMS: readonly string[][] = [
  ['ballscrew', 'ball screw'],
  ['ballnut', 'ball nut'],
  ['tslot', 't slot', 'extrusion profile', 'extrusion'],
  ['linear guide', 'linear rail', 'profile rail'],
  ['stepper', 'stepping motor', 'step motor'],
  ['pillow block', 'pillowblock'],
  ['panel', 'sheet'],
];

export interface ParsedQuery {
  /** The text as the shopper meant it: leading whitespace and a leading & removed. */
  text: string;
  /** Lower-case words of letters and digits (split at anything else), accents removed. */
  words: string[];
  /**
   * Letters and digits only: a normalised part number (`SFU-1605` -> `sfu1605`), with a length as part numbers
   * carry it (`HGR20-1000mm`, `sfu1605 L500` -> `hgr201000`, `sfu1605500`: LENGTH_UNIT, LENGTH_MARK).
   */
  partKey: string;
}

/**
 * A length typed with its unit ("1000mm", "500 mm") or marked with an L ("L500", "L=500"), which part numbers
 * give bare (HGR20-1000, SFU1605-500). Only lengths of three digits or more: a size within a code keeps its
 * letters (PNL-PC-3MM, BRK-20-L5).
 */
const LENGTH_UNIT = /(\d{3,})\s*mm(?![a-z0-9])/g;
const LENGTH_MARK = /(?<![a-z0-9])l=?(?=\d{3,})/g;

/** Splits a search text into safe words. Throws 400 for a term that is too long. */
export function parseQuery(raw: string): ParsedQuery {
  const text = typeaheadText(raw);
  if (text.length > MAX_SEARCH_TERM_LENGTH) {
    const message = `Search terms are limited to ${MAX_SEARCH_TERM_LENGTH} characters`;
    throw new AppError('BAD_USER_INPUT', message, [{ field: 'term', message }]);
  }
  const plain = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  const partKey = plain
    .replace(LENGTH_UNIT, '$1')
    .replace(LENGTH_MARK, '')
    .replace(/[^a-z0-9]+/g, '');
  // Words are runs of letters and digits; a mixed one ("m5", "sfu1605") also matches its parts side by side.
  const words = plain
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .slice(0, 12);
  return { text: text.trim(), words, partKey };
}

/** The query's word lists with each synonym variant substituted (the original first). */
export function synonymVariants(words: string[]): string[][] {
  const variants: string[][] = [words];
  const joined = ` ${words.join(' ')} `;
  for (const group of SYNONYMS) {
    const found = group.find((v) => joined.includes(` ${v} `));
    if (!found) continue;
    for (const other of group) {
      if (other === found) continue;
      variants.push(joined.replace(` ${found} `, ` ${other} `).trim().split(' '));
    }
  }
  return variants.slice(0, 8);
}

/**
 * The single letters the `axl` configuration drops as stop words (PostgreSQL's english list): "t nut" would
 * search "nut". Checked against the database by the search tests.
 */
export const STOP_LETTERS: ReadonlySet<string> = new Set(['a', 'i', 's', 't']);

/**
 * A `to_tsquery` text: the words of each variant AND-ed, variants OR-ed; with `prefix` the last word matches
 * as a prefix (search as you type) once it has three characters (shorter ones match most of the catalogue).
 * A single letter and the next word of letters also match joined, as names are indexed ("T-Nut", "T Joining Plate"
 * hold "tnut", "tjoining": search.index.ts), so "t nut", "t-nut" and "tnut" find T-nuts; a letter the configuration
 * drops matches joined only, or "t nut" would find every nut. Words are [a-z0-9] only, so the text cannot carry
 * tsquery syntax.
 */
export function toTsQuery(words: string[], prefix: boolean): string {
  if (words.length === 0) return '';
  const completion = (w: string, last: boolean) => (prefix && last && w.length >= 3 ? ':*' : '');
  const term = (w: string, last: boolean) => {
    const complete = completion(w, last);
    const parts = w
      .replace(/([a-z])([0-9])/g, '$1 $2')
      .replace(/([0-9])([a-z])/g, '$1 $2')
      .split(' ');
    if (parts.length === 1) return `${w}${complete}`;
    // "m5" is the token m5 or m followed by 5 (as part numbers are indexed: "sfu 1605 500").
    return `(${w}${complete} | ${parts.join(' <-> ')}${complete})`;
  };
  const terms = (variant: string[]) => {
    const out: string[] = [];
    for (let i = 0; i < variant.length; i++) {
      const [w, next] = [variant[i]!, variant[i + 1]];
      const last = (at: number) => at === variant.length - 1;
      if (/^[a-z]$/.test(w) && next !== undefined && /^[a-z]+$/.test(next)) {
        const joined = w + next;
        const together = `${joined}${completion(joined, last(i + 1))}`;
        out.push(STOP_LETTERS.has(w) ? together : `((${w} & ${term(next, last(i + 1))}) | ${together})`);
        i++;
      } else {
        out.push(term(w, last(i)));
      }
    }
    return out.join(' & ');
  };
  return synonymVariants(words)
    .map((variant) => `(${terms(variant)})`)
    .join(' | ');
}

/**
 * Whether a typed word may be corrected when it is not a catalogue word: a word of letters as long as the
 * dictionary's words. Part numbers get the trigram part-number match instead.
 */
export function isCorrectable(word: string): boolean {
  return word.length >= DICTIONARY_WORD_MIN_LENGTH && /^[a-z]+$/.test(word);
}

/**
 * The edits (a letter inserted, deleted, replaced, or two neighbours swapped) that turn `a` into `b`: the optimal
 * string alignment distance, so a swap ("linaer", "rial") is one edit where trigrams see a different word.
 */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

/** The candidate fewest edits away from `word`; among equals, the first (candidates come best first otherwise). */
export function closest(word: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let fewest = Infinity;
  for (const c of candidates) {
    const edits = editDistance(word, c);
    if (edits < fewest) [best, fewest] = [c, edits];
  }
  return best;
}
