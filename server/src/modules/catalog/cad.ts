import type { ProductView } from './catalog.views';

/**
 * Cross-section drawings (DXF, R12 ASCII, millimetres) of cut-to-length products, generated from their
 * attributes: T-slot profiles (outline with a slot per module on each side and a centre bore per module),
 * ball screws (outer and root circles), linear rails (outline and counterbore). Null for other products.
 */
export function crossSectionDxf(product: ProductView): string | null {
  const attr = (name: string) => product.attributes.find((a) => a.name === name)?.value ?? '';
  const family = product.id.replace(/-(B|C)(-.*)?$/, '');
  if (attr('Profile Size')) {
    const [w, h] = parseSize(attr('Profile Size'));
    const series = Number(family.slice(0, 2));
    const inch = attr('Profile Size').includes('"');
    const module = inch ? (series === 10 ? 25.4 : 38.1) : series;
    const slot = parseLength(attr('Slot Width')) || module * 0.3;
    if (!w || !h) return null;
    return dxf(tSlotProfile(w, h, module, slot), product.id);
  }
  if (/-CUT$/.test(product.id) && attr('Diameter')) {
    const d = parseLength(attr('Diameter'));
    return dxf([circle(0, 0, d / 2), circle(0, 0, (d * 0.82) / 2)], product.id);
  }
  if (/^HGR\d+-R$/.test(product.id)) {
    const w = parseLength(attr('Rail Width')) || Number(product.id.slice(3, 5));
    const h = w * 0.92;
    return dxf(
      [...rectangle(-w / 2, 0, w / 2, h), circle(0, h * 0.6, w * 0.2), circle(0, h * 0.6, w * 0.12)],
      product.id,
    );
  }
  return null;
}

type Entity = string;

const n = (v: number) => (Math.round(v * 1000) / 1000).toString();
const line = (x1: number, y1: number, x2: number, y2: number): Entity =>
  `0\nLINE\n8\nPROFILE\n10\n${n(x1)}\n20\n${n(y1)}\n30\n0\n11\n${n(x2)}\n21\n${n(y2)}\n31\n0\n`;
const circle = (x: number, y: number, r: number): Entity =>
  `0\nCIRCLE\n8\nPROFILE\n10\n${n(x)}\n20\n${n(y)}\n30\n0\n40\n${n(r)}\n`;
const rectangle = (x1: number, y1: number, x2: number, y2: number): Entity[] => [
  line(x1, y1, x2, y1),
  line(x2, y1, x2, y2),
  line(x2, y2, x1, y2),
  line(x1, y2, x1, y1),
];

function dxf(entities: Entity[], title: string): string {
  return (
    `999\nAxisline Supply cross-section of ${title} (mm)\n` +
    `0\nSECTION\n2\nHEADER\n9\n$INSUNITS\n70\n4\n0\nENDSEC\n` +
    `0\nSECTION\n2\nENTITIES\n${entities.join('')}0\nENDSEC\n0\nEOF\n`
  );
}

/** The outline of a W x H profile with one slot (opening `slot`, depth 0.3 module) per module on each side. */
function tSlotProfile(w: number, h: number, module: number, slot: number): Entity[] {
  const depth = module * 0.3;
  const points: [number, number][] = [];
  const side = (from: [number, number], to: [number, number], inward: [number, number]) => {
    const length = Math.hypot(to[0] - from[0], to[1] - from[1]);
    const ux = (to[0] - from[0]) / length;
    const uy = (to[1] - from[1]) / length;
    points.push(from);
    for (let c = module / 2; c < length; c += module) {
      const a = c - slot / 2;
      const b = c + slot / 2;
      const at = (t: number, d: number): [number, number] => [
        from[0] + ux * t + inward[0] * d,
        from[1] + uy * t + inward[1] * d,
      ];
      points.push(at(a, 0), at(a, depth), at(b, depth), at(b, 0));
    }
  };
  side([0, 0], [w, 0], [0, 1]);
  side([w, 0], [w, h], [-1, 0]);
  side([w, h], [0, h], [0, -1]);
  side([0, h], [0, 0], [1, 0]);
  points.push([0, 0]);
  const entities = points.slice(1).map((p, i) => line(points[i]![0], points[i]![1], p[0], p[1]));
  for (let x = module / 2; x < w; x += module) {
    for (let y = module / 2; y < h; y += module) entities.push(circle(x, y, module * 0.21));
  }
  return entities;
}

/** "20 x 40 mm" -> [20, 40]; '1" x 2"' -> [25.4, 50.8]. */
function parseSize(text: string): [number, number] {
  const inch = text.includes('"');
  const [a = 0, b = 0] = text.match(/[\d.]+/g)?.map(Number) ?? [];
  return inch ? [a * 25.4, b * 25.4] : [a, b];
}

/** "6 mm" -> 6; '0.256"' -> 6.5. */
function parseLength(text: string): number {
  const value = Number(text.match(/[\d.]+/)?.[0] ?? 0);
  return text.includes('"') ? value * 25.4 : value;
}
