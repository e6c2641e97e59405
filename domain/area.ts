import {
  configurationProblem,
  type AreaDimensions,
  type ConfigurationProblem,
  areaOf,
} from './configuration';
import { readAreaMetadata } from './configuration-text';

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
