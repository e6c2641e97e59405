import { describe, expect, it } from '@jest/globals';
import { closest, editDistance, isCorrectable, parseQuery, synonymVariants, toTsQuery } from './search.query';

describe('parseQuery', () => {
  it('strips leading whitespace and a leading &, lower-cases and splits into words', () => {
    expect(parseQuery('  & SFU-1605 Ball Screw')).toEqual({
      text: 'SFU-1605 Ball Screw',
      words: ['sfu', '1605', 'ball', 'screw'],
      partKey: 'sfu1605ballscrew',
    });
    expect(parseQuery('20mm t-slot 500MM').words).toEqual(['20mm', 't', 'slot', '500mm']);
  });

  it('normalises part numbers however they are typed', () => {
    for (const typed of ['SFU1605', 'sfu-1605', 'sfu 1605', 'Sfu.1605'])
      expect(parseQuery(typed).partKey).toBe('sfu1605');
  });

  it('keys a length typed with its unit or an L as part numbers carry it (HGR20-1000)', () => {
    for (const typed of ['hgr20 1000', 'HGR20-1000mm', 'hgr20 1000 mm', 'hgr201000MM'])
      expect(parseQuery(typed).partKey).toBe('hgr201000');
    for (const typed of ['sfu1605 L500', 'SFU1605-L500', 'sfu1605 l=500mm'])
      expect(parseQuery(typed).partKey).toBe('sfu1605500');
    // A size within a code is not a length: it keeps its letters.
    expect(parseQuery('PNL-PC-3MM').partKey).toBe('pnlpc3mm');
    expect(parseQuery('brk-20-l5').partKey).toBe('brk20l5');
    expect(parseQuery('hgr20 1000mm').words).toEqual(['hgr20', '1000mm']);
  });

  it('treats SQL, regex and tsquery characters as separators', () => {
    expect(parseQuery("x'); drop table product; -- | & ! .* (a)").words).toEqual([
      'x',
      'drop',
      'table',
      'product',
      'a',
    ]);
  });

  it('removes accents', () => {
    expect(parseQuery('Équerre').words).toEqual(['equerre']);
  });

  it('refuses more than 200 characters with a field error', () => {
    expect(() => parseQuery('a'.repeat(201))).toThrow('Search terms are limited to 200 characters');
  });
});

describe('synonyms and tsquery', () => {
  it('expands ballscrew to ball screw and back', () => {
    expect(synonymVariants(['sfu', 'ballscrew'])).toEqual([
      ['sfu', 'ballscrew'],
      ['sfu', 'ball', 'screw'],
    ]);
    expect(synonymVariants(['ball', 'screw'])).toContainEqual(['ballscrew']);
  });

  it('ANDs words, ORs variants and makes the last word a prefix when typing', () => {
    expect(toTsQuery(['linear', 'guide'], true)).toBe(
      '(linear & guide:*) | (linear & rail:*) | (profile & rail:*)',
    );
    expect(toTsQuery(['nema', '17'], false)).toBe('(nema & 17)');
    expect(toTsQuery([], true)).toBe('');
  });

  it('matches a word of letters and digits whole or as its parts side by side', () => {
    expect(toTsQuery(['m5', 'screw'], false)).toBe('((m5 | m <-> 5) & screw)');
    expect(toTsQuery(['sfu16'], true)).toBe('((sfu16:* | sfu <-> 16:*))');
  });

  it('matches a single letter and the next word also joined, as names are indexed ("tnut" for T-Nut)', () => {
    expect(toTsQuery(['d', 'cut'], true)).toBe('(((d & cut:*) | dcut:*))');
    expect(toTsQuery(['l', 'joining', 'plate'], false)).toBe('(((l & joining) | ljoining) & plate)');
    // The configuration drops "t" as a stop word: "t & nut" would be any nut.
    expect(toTsQuery(['t', 'nut', 'm5'], false)).toBe('(tnut & (m5 | m <-> 5))');
    expect(toTsQuery(['t', 'nu'], true)).toBe('(tnu:*)');
    expect(toTsQuery(['m', '5'], false)).toBe('(m & 5)');
    expect(toTsQuery(['nema', 'a'], false)).toBe('(nema & a)');
  });

  it('completes the last word only from three characters, so "li" does not match most of the catalogue', () => {
    expect(toTsQuery(['nema', '17'], true)).toBe('(nema & 17)');
    expect(toTsQuery(['li'], true)).toBe('(li)');
    expect(toTsQuery(['lin'], true)).toBe('(lin:*)');
  });
});

describe('spelling correction candidates', () => {
  it('counts a swap of two neighbouring letters as one edit', () => {
    expect(editDistance('linaer', 'linear')).toBe(1);
    expect(editDistance('rial', 'rail')).toBe(1);
    expect(editDistance('bal', 'ball')).toBe(1);
    expect(editDistance('rial', 'radial')).toBe(2);
    expect(editDistance('screw', 'screw')).toBe(0);
    expect(editDistance('', 'nut')).toBe(3);
  });

  it('picks the candidate fewest edits away, the first among equals', () => {
    expect(closest('rial', ['radial', 'serial', 'rail'])).toBe('rail');
    expect(closest('bal', ['ball', 'bar'])).toBe('ball');
    expect(closest('bal', ['bar', 'ball'])).toBe('bar');
    expect(closest('bal', [])).toBeUndefined();
  });

  it('corrects words of letters from three letters on, never part numbers', () => {
    expect(isCorrectable('bal')).toBe(true);
    expect(isCorrectable('linaer')).toBe(true);
    expect(isCorrectable('ab')).toBe(false);
    expect(isCorrectable('sfu1605')).toBe(false);
  });
});
