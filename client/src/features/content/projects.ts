/**
 * Project ideas: real builds from the demo catalogue. A part with `cutMm` is ordered cut to length (its
 * CUT_LENGTH option), one with `sizeMm` cut to size (its area option). Texts live in the message catalogues
 * (projects.<slug>.title / .text).
 */
export interface ProjectPart {
  itemId: string;
  qty: number;
  cutMm?: number;
  sizeMm?: { width: number; height: number };
}

export interface Project {
  slug: 'workbench' | 'enclosure' | 'linearAxis';
  image: string;
  parts: readonly ProjectPart[];
}

export const PROJECTS: readonly Project[] = [
  {
    slug: 'workbench',
    image: '/images/categories/t-slot-extrusion.svg',
    parts: [
      { itemId: '4040-B', qty: 4, cutMm: 1200 },
      { itemId: '4040-B', qty: 4, cutMm: 600 },
      { itemId: '4040-B', qty: 4, cutMm: 800 },
      { itemId: 'BRK-40-CRN', qty: 16 },
      { itemId: 'EC-40-BLK', qty: 4 },
    ],
  },
  {
    slug: 'enclosure',
    image: '/images/categories/panels-enclosures.svg',
    parts: [
      { itemId: '2020-C', qty: 12, cutMm: 500 },
      { itemId: 'BRK-20-CRN', qty: 24 },
      { itemId: 'PNL-ACR-3MM', qty: 5, sizeMm: { width: 500, height: 500 } },
      { itemId: 'EC-20-BLK', qty: 8 },
    ],
  },
  {
    slug: 'linearAxis',
    image: '/images/categories/motion-control.svg',
    parts: [
      { itemId: 'SFU1605-CUT', qty: 1, cutMm: 800 },
      { itemId: 'BK12', qty: 1 },
      { itemId: 'BF12', qty: 1 },
      { itemId: 'DSG16H', qty: 1 },
      { itemId: 'HGR15-R', qty: 2, cutMm: 800 },
      { itemId: 'HGH15CA', qty: 4 },
      { itemId: 'CPL-BEL-20-8x10', qty: 1 },
      { itemId: '23HS8430', qty: 1 },
    ],
  },
];
