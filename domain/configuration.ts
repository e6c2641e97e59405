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

/** The size in an area configuration's metadata, or null when it has none (or not this shape). */
export function readAreaMetadata(
  metadata: string | null | undefined,
): { widthMm: number; heightMm: number } | null {
  if (!metadata) return null;
  try {
    const parsed = JSON.parse(metadata) as { widthMm?: unknown; heightMm?: unknown };
    const { widthMm, heightMm } = parsed;
    return typeof widthMm === 'number' && typeof heightMm === 'number' ? { widthMm, heightMm } : null;
  } catch {
    return null;
  }
}

/**
 * Why an area configuration cannot be ordered, or null: each dimension against its range and step, and the value
 * must be their area (the configured-price rule prices the value).
 */
export function areaProblem(
  dimensions: AreaDimensions,
  value: number | string,
  metadata: string | null | undefined,
): { field: 'width' | 'height' | 'value'; problem: ConfigurationProblem | 'size' } | null {
  const size = readAreaMetadata(metadata);
  if (!size) return { field: 'width', problem: 'required' };
  const width = configurationProblem(
    {
      required: true,
      minValue: dimensions.width.min,
      maxValue: dimensions.width.max,
      step: dimensions.width.step,
    },
    size.widthMm,
  );
  if (width) return { field: 'width', problem: width };
  const height = configurationProblem(
    {
      required: true,
      minValue: dimensions.height.min,
      maxValue: dimensions.height.max,
      step: dimensions.height.step,
    },
    size.heightMm,
  );
  if (height) return { field: 'height', problem: height };
  if (Math.abs(Number(value) - areaOf(size.widthMm, size.heightMm)) > 1e-9)
    return { field: 'value', problem: 'size' };
  return null;
}

/**
 * A configuration as a line reads it (cart, checkout, order, invoice, console, e-mails): "Cut Length: 1,000 mm", or
 * for an area "Size: 600 × 400 mm (0.24 m²)". `number` formats numbers in the reader's locale.
 */
export function describeConfiguration(
  c: {
    name?: string | null;
    id: string;
    value: number | string;
    unit?: string | null;
    metadata?: string | null;
  },
  number: (n: number) => string = (n) => n.toLocaleString('en-US'),
): string {
  const size = readAreaMetadata(c.metadata);
  const name = (c.name ?? c.id).replace(/\s*\([^)]*\)\s*$/, '');
  if (size) {
    return `${name}: ${number(size.widthMm)} × ${number(size.heightMm)} mm (${number(Number(c.value))}${c.unit ? ` ${c.unit}` : ''})`;
  }
  return `${name}: ${number(Number(c.value))}${c.unit ? ` ${c.unit}` : ''}`;
}
