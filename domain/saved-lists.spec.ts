import { describe, expect, it } from '@jest/globals';
import { parseQuickOrder, savedListSchema } from './saved-lists';

describe('quick order', () => {
  it('reads "part quantity" lines with any separator, a part alone as 1, and reports lines it cannot read', () => {
    const { lines, problems } = parseQuickOrder(
      'SFU1605-500 2\n\n2020-C,3\nHGR20-1000\t1\nnema17 x 4\nTL-242-10ML 0\n',
    );
    expect(lines).toEqual([
      { line: 1, itemId: 'SFU1605-500', qty: 2 },
      { line: 3, itemId: '2020-C', qty: 3 },
      { line: 4, itemId: 'HGR20-1000', qty: 1 },
    ]);
    expect(problems.map((p) => [p.line, p.text])).toEqual([
      [5, 'nema17 x 4'],
      [6, 'TL-242-10ML 0'],
    ]);
    expect(problems[1]!.reason).toBe('The quantity must be a whole number from 1 to 100,000.');
  });

  it('refuses more than 200 lines at once', () => {
    const text = Array.from({ length: 201 }, (_, i) => `P-${i} 1`).join('\n');
    expect(parseQuickOrder(text).problems[0]!.reason).toBe('Paste at most 200 lines at once.');
  });
});

describe('saved list schema', () => {
  it('needs a name and trims it', async () => {
    await expect(savedListSchema.validate({ name: '  ' })).rejects.toThrow('List name is required');
    expect((await savedListSchema.validate({ name: ' Line 3 spares ' })).name).toBe('Line 3 spares');
  });
});
