/**
 * How a line's configuration reads (kept apart from the configurator's rules so the pages that only show lines do
 * not load them).
 */

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
