import { describe, expect, it } from '@jest/globals';
import { configurationProblem } from './configuration';

describe('configurationProblem', () => {
  const cut = { required: true, minValue: 25, maxValue: 6100, step: 1 };
  it('accepts a cut length inside the range on the step', () => {
    expect(configurationProblem(cut, '500')).toBeNull();
    expect(configurationProblem(cut, 25)).toBeNull();
    expect(configurationProblem(cut, 6100)).toBeNull();
  });
  it('names the problem: required, not a number, below, above, off the step', () => {
    expect(configurationProblem(cut, '')).toBe('required');
    expect(configurationProblem(cut, 'abc')).toBe('notNumber');
    expect(configurationProblem(cut, 24)).toBe('min');
    expect(configurationProblem(cut, 6101)).toBe('max');
    expect(configurationProblem(cut, 500.5)).toBe('step');
  });
  it('lets an optional count stay empty', () => {
    expect(configurationProblem({ required: false, minValue: 0, maxValue: 2, step: 1 }, '')).toBeNull();
  });
});
