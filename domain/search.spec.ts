import { promotesBallScrews, typeaheadText } from './search';

describe('search text rules', () => {
  it('strips leading whitespace, then a leading &, before typeahead', () => {
    expect(typeaheadText('   &nema 17')).toBe('nema 17');
    expect(typeaheadText('&& t-nut')).toBe('t-nut');
    expect(typeaheadText('nuts & bolts')).toBe('nuts & bolts');
    expect(typeaheadText('   ')).toBe('');
  });

  it('promotes the ball-screw category for ball, screw, ballscrew or ball screw', () => {
    expect(promotesBallScrews('SFU1605 Ball Screw')).toBe(true);
    expect(promotesBallScrews('ballscrew 1605')).toBe(true);
    expect(promotesBallScrews('balscrew')).toBe(true);
    expect(promotesBallScrews('cap screws m5')).toBe(true);
    expect(promotesBallScrews('linear rail')).toBe(false);
  });
});
