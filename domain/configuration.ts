/** A configurable product's option as the shop and the cart see it (cut length, end tapping...). */
export interface ConfigurationOptionRule {
  required: boolean;
  minValue?: number | null;
  maxValue?: number | null;
  step?: number | null;
}

export type ConfigurationProblem = 'required' | 'notNumber' | 'min' | 'max' | 'step';

/**
 * Why a configuration value cannot be ordered, or null when it can. The same rule checks the configurator on
 * the product page and the cart on the server. An empty optional value counts as 0.
 */
export function configurationProblem(
  option: ConfigurationOptionRule,
  raw: string | number | null | undefined,
): ConfigurationProblem | null {
  const text = raw === null || raw === undefined ? '' : String(raw).trim();
  if (text === '') return option.required ? 'required' : null;
  const value = Number(text);
  if (!Number.isFinite(value)) return 'notNumber';
  if (option.minValue !== null && option.minValue !== undefined && value < option.minValue) return 'min';
  if (option.maxValue !== null && option.maxValue !== undefined && value > option.maxValue) return 'max';
  if (option.step) {
    const from = option.minValue ?? 0;
    const steps = (value - from) / option.step;
    if (Math.abs(steps - Math.round(steps)) > 1e-9) return 'step';
  }
  return null;
}

/** A dimension an area option asks for (mm): its range, step and the value the form starts with. */
export interface DimensionRange {
  min: number;
  max: number;
  step: number;
  default: number;
}

/** An area option's two dimensions (mm): the buyer enters width and height, the value is the area in m². */
export interface AreaDimensions {
  width: DimensionRange;
  height: DimensionRange;
}

/** The area in m² of width × height mm, to 6 decimals (a square millimetre). */
export const areaOf = (widthMm: number, heightMm: number): number =>
  Math.round(((widthMm * heightMm) / 1_000_000) * 1e6) / 1e6;

/** The metadata an area configuration carries: its width and height, so cart, order and invoice show the size. */
export const areaMetadata = (widthMm: number, heightMm: number): string =>
  JSON.stringify({ widthMm, heightMm });
