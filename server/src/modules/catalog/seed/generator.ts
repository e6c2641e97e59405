/**
 * The deterministic demo catalogue: realistic part numbers, specs, prices and weights for T-slot extrusion,
 * linear motion, ball screws, steppers, bearings, fasteners, brackets and panels. The same count and seed
 * always give the same products. Past the base catalogue (a few thousand parts) variants repeat the families
 * with a revision suffix, so benchmark catalogues of a million parts keep unique, plausible ids.
 */
import { areaOf, type AreaDimensions } from '../../../../../domain/configuration';
export { catalogBrands, catalogCategories, type BrandSeed, type CategorySeed } from './taxonomy';

export interface CadFileSeed {
  name: string;
  format: 'STEP' | 'DXF' | 'PDF';
  url: string;
}

export interface ConfigurationOptionSeed {
  code: string;
  name: string;
  kind: 'length' | 'count' | 'choice' | 'area';
  unit: string | null;
  unitPrice: number;
  minValue: number | null;
  maxValue: number | null;
  step: number | null;
  defaultValue: number | null;
  required: boolean;
  position: number;
  dimensions?: AreaDimensions;
}

/** What a "Cut to Size" panel takes: width and height in mm (its area, in m², is priced per m²). */
export const PANEL_DIMENSIONS: AreaDimensions = {
  width: { min: 50, max: 1200, step: 1, default: 600 },
  height: { min: 50, max: 2400, step: 1, default: 400 },
};

export interface ProductSeed {
  id: string;
  name: string;
  description: string;
  brandHandle: string;
  categoryHandle: string;
  price: number | null;
  basePrice: number | null;
  marketPrice: number | null;
  manufacturerPartNumber: string | null;
  minimumPurchaseQuantity: number;
  minTransfer: number;
  unitOfMeasure: string;
  inStock: boolean;
  allowedStates: string[];
  images: string[];
  cadFiles: CadFileSeed[];
  displayKind: 'regular' | 'select';
  measureKind: 'length' | 'area' | 'variants' | null;
  attributes: { name: string; value: string }[];
  weightKg: number;
  sites: string[];
  popularity: number;
  configurationOptions: ConfigurationOptionSeed[];
  /** The description in fr-CA and es-MX, where the family has translated templates (decision 059). */
  translatedDescription?: readonly [fr: string, es: string];
}

/** What a family describes; prices, stock, sites and the rest are derived deterministically. */
interface Base {
  id: string;
  name: string;
  description: string;
  brand: string;
  category: string;
  image: string;
  listPrice: number;
  weightKg: number;
  attributes: [string, string][];
  uom?: string;
  pack?: number;
  cutToLength?: { perMm: number; maxMm: number; tapping?: boolean };
  foodGrade?: boolean;
  restrictedStates?: string[];
  measureKind?: ProductSeed['measureKind'];
  /** Relative demand (1 by default): accessories and spares sell less than the parts they serve. */
  demand?: number;
  /** The description in fr-CA and es-MX (decision 059): the top categories' parts, from translated templates. */
  translated?: readonly [fr: string, es: string];
}

const CONTIGUOUS_STATES =
  'AL AZ AR CA CO CT DE DC FL GA ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY'.split(
    ' ',
  );
const NO_CA = CONTIGUOUS_STATES.filter((s) => s !== 'CA').concat(['AK', 'HI']);
const R = (n: number) => Math.round(n * 100) / 100;

/** The profiles of a T-slot series, as shoppers name them ("2020"), for accessory descriptions. */
const PROFILES: Record<string, string[]> = {
  '10': ['1010', '1020', '1030', '1040'],
  '15': ['1515', '1530', '1545', '1560'],
  '20': ['2020', '2040', '2060', '2080'],
  '30': ['3030', '3060'],
  '40': ['4040', '4080', '40120'],
  '45': ['4545', '4590'],
};
const fits = (series: string, and = 'and') => {
  const list = PROFILES[series] ?? [];
  return list.length > 1 ? `${list.slice(0, -1).join(', ')} ${and} ${list[list.length - 1]}` : list.join('');
};

const FINISHES: [string, string][] = [
  ['C', 'Clear Anodized'],
  ['B', 'Black Anodized'],
];
/** A finish in a French and a Spanish description. */
const FINISH_FR_ES: Record<string, readonly [string, string]> = {
  C: ['anodisé incolore', 'anodizado natural'],
  B: ['anodisé noir', 'anodizado negro'],
};
/** A carriage's kind in a French and a Spanish description. */
const BLOCK_FR_ES: Record<string, readonly [string, string]> = {
  Standard: ['standard', 'estándar'],
  Long: ['long', 'largo'],
  Square: ['carré', 'cuadrado'],
  'Square Long': ['carré long', 'cuadrado largo'],
  Flanged: ['à bride', 'bridado'],
};

function extrusions(): Base[] {
  const out: Base[] = [];
  const inch: [string, string, number, number][] = [
    ['1010', '10-series', 0.5, 1.0],
    ['1020', '10-series', 0.83, 2.0],
    ['1030', '10-series', 1.18, 3.0],
    ['1040', '10-series', 1.52, 4.0],
    ['1515', '15-series', 1.04, 1.5],
    ['1515-LITE', '15-series', 0.72, 1.5],
    ['1530', '15-series', 1.88, 3.0],
    ['1545', '15-series', 2.72, 4.5],
    ['1560', '15-series', 3.5, 6.0],
  ];
  const metric: [string, string, number, number][] = [
    ['2020', '20-series', 0.5, 20],
    ['2040', '20-series', 0.85, 40],
    ['2060', '20-series', 1.2, 60],
    ['2080', '20-series', 1.55, 80],
    ['3030', '30-series', 0.9, 30],
    ['3060', '30-series', 1.6, 60],
    ['4040', '40-series', 1.55, 40],
    ['4040-LITE', '40-series', 1.1, 40],
    ['4080', '40-series', 2.7, 80],
    ['40120', '40-series', 3.9, 120],
    ['4545', '45-series', 1.9, 45],
    ['4590', '45-series', 3.4, 90],
  ];
  for (const [profile, series, kgPerM, size] of [...inch, ...metric]) {
    const isInch = series.startsWith('1');
    const seriesName = series.split('-')[0]!;
    for (const [code, finish] of FINISHES) {
      const perMm = R(kgPerM * 0.0065 + 0.002);
      const [finishFr, finishEs] = FINISH_FR_ES[code]!;
      out.push({
        id: `${profile}-${code}`,
        name: `${profile} ${isInch ? 'Inch' : 'Metric'} T-Slot Profile, ${finish}`,
        description: `${profile} T-slot aluminum extrusion from the ${seriesName} ${isInch ? 'inch' : 'mm'} series in 6105-T5 alloy, ${finish.toLowerCase()}. Cut to your length within ±0.25 mm, with optional end tapping and counterbores for anchor fasteners.`,
        translated: [
          `Profilé d’aluminium à rainure en T ${profile} de la série ${seriesName} ${isInch ? 'en pouces' : 'mm'}, en alliage 6105-T5, ${finishFr}. Coupé à votre longueur à ±0,25 mm près, avec taraudage des extrémités et lamages pour fixations d’ancrage en option.`,
          `Perfil de aluminio con ranura en T ${profile} de la serie ${seriesName} ${isInch ? 'en pulgadas' : 'mm'}, en aleación 6105-T5, ${finishEs}. Cortado a su medida con una tolerancia de ±0.25 mm, con machuelado de extremos y avellanados para sujetadores de anclaje opcionales.`,
        ],
        brand: code === 'B' ? 'profilcraft' : 'axisline',
        category: `t-slot-extrusion/${isInch ? 'inch' : 'metric'}-series/${series}`,
        image: '/images/products/extrusion.svg',
        listPrice: R(4 + kgPerM * 6),
        weightKg: kgPerM,
        attributes: [
          ['Series', isInch ? `${seriesName} Series` : `${seriesName} mm Series`],
          [
            'Profile Size',
            isInch
              ? `${profile.slice(0, 2) === '10' ? '1' : '1.5'}" x ${size}"`
              : `${profile.slice(0, 2)} x ${size} mm`,
          ],
          [
            'Slot Width',
            isInch
              ? seriesName === '10'
                ? '0.256"'
                : '0.32"'
              : `${seriesName === '20' ? 6 : seriesName === '30' ? 8 : 10} mm`,
          ],
          ['Material', '6105-T5 Aluminum'],
          ['Finish', finish],
          ['Weight per Meter', `${kgPerM} kg`],
        ],
        uom: 'MM',
        cutToLength: { perMm, maxMm: 6100, tapping: true },
        measureKind: 'length',
        foodGrade: code === 'C',
        restrictedStates: profile === '40120' || profile === '1560' ? CONTIGUOUS_STATES : undefined,
      });
      for (const stock of [500, 1000, 1500, 2000, 3000, 6100]) {
        out.push({
          id: `${profile}-${code}-${stock}`,
          name: `${profile} T-Slot Profile, ${finish}, ${stock} mm Stock Length`,
          description: `${profile} T-slot aluminum extrusion, ${finish.toLowerCase()}, in a ${stock} mm stock length with saw-cut ends. For exact lengths and machining, order the cut-to-length ${profile}-${code}.`,
          translated: [
            `Profilé d’aluminium à rainure en T ${profile}, ${finishFr}, en longueur standard de ${stock} mm, extrémités sciées. Pour une longueur exacte et de l’usinage, commandez le ${profile}-${code} coupé sur mesure.`,
            `Perfil de aluminio con ranura en T ${profile}, ${finishEs}, en tramo estándar de ${stock} mm con extremos cortados con sierra. Para medidas exactas y maquinado, pida el ${profile}-${code} cortado a la medida.`,
          ],
          brand: code === 'B' ? 'profilcraft' : 'axisline',
          category: `t-slot-extrusion/${isInch ? 'inch' : 'metric'}-series/${series}`,
          image: '/images/products/extrusion.svg',
          listPrice: R((4 + kgPerM * 6) * 0.3 + perMm * stock * 0.9),
          weightKg: R((kgPerM * stock) / 1000),
          attributes: [
            ['Series', isInch ? `${seriesName} Series` : `${seriesName} mm Series`],
            ['Length', `${stock} mm`],
            ['Material', '6105-T5 Aluminum'],
            ['Finish', finish],
          ],
          foodGrade: code === 'C',
          restrictedStates: stock >= 3000 ? CONTIGUOUS_STATES : undefined,
        });
      }
    }
  }
  for (const series of ['10', '15', '20', '30', '40', '45']) {
    out.push({
      id: `EC-${series}-BLK`,
      name: `${series} Series End Cap, Black`,
      description: `Glass-filled nylon end cap that snaps onto ${series} series profiles (fits ${fits(series)}) to cover sharp ends.`,
      translated: [
        `Embout en nylon chargé de verre qui s’emboîte sur les profilés de la série ${series} (convient aux ${fits(series, 'et')}) pour couvrir les arêtes vives.`,
        `Tapa de extremo de nylon con fibra de vidrio que se encaja en los perfiles de la serie ${series} (para ${fits(series, 'y')}) y cubre los bordes filosos.`,
      ],
      brand: 'profilcraft',
      category: 't-slot-extrusion/end-caps-covers',
      image: '/images/products/end-cap.svg',
      listPrice: R(0.6 + Number(series) / 40),
      weightKg: 0.01,
      attributes: [
        ['Series', `${series} Series`],
        ['Material', 'Nylon PA6'],
        ['Color', 'Black'],
      ],
      pack: 10,
    });
  }
  return out;
}

function linearMotion(): Base[] {
  const out: Base[] = [];
  const rails: [string, number, number][] = [
    ['MGN7', 7, 0.22],
    ['MGN9', 9, 0.38],
    ['MGN12', 12, 0.65],
    ['MGN15', 15, 1.06],
    ['HGR15', 15, 1.45],
    ['HGR20', 20, 2.21],
    ['HGR25', 25, 3.21],
    ['HGR30', 30, 4.47],
    ['HGR35', 35, 6.3],
  ];
  for (const [rail, width, kgPerM] of rails) {
    const mini = rail.startsWith('MGN');
    out.push({
      id: `${rail}-R`,
      name: `${rail} Linear Guide Rail`,
      description: `${mini ? 'Miniature' : 'Heavy-load'} ${width} mm profile rail in hardened bearing steel, cut to length with standard end spacing.`,
      translated: [
        `Rail profilé ${mini ? 'miniature' : 'à charge lourde'} de ${width} mm en acier à roulements trempé, coupé à longueur avec un espacement standard aux extrémités.`,
        `Riel de perfil ${mini ? 'miniatura' : 'para carga pesada'} de ${width} mm en acero para rodamientos templado, cortado a la medida con espaciado estándar en los extremos.`,
      ],
      brand: mini ? 'linearis' : 'railtek',
      category: 'linear-motion/linear-rails',
      image: '/images/products/rail.svg',
      listPrice: R(12 + width * 1.4),
      weightKg: kgPerM,
      attributes: [
        ['Rail Size', rail],
        ['Rail Width', `${width} mm`],
        ['Material', 'Bearing Steel, Hardened'],
        ['Accuracy Class', 'Normal (C)'],
      ],
      uom: 'MM',
      cutToLength: { perMm: R(kgPerM * 0.02 + 0.01), maxMm: 4000 },
      measureKind: 'length',
    });
    for (const length of [200, 300, 400, 500, 600, 800, 1000, 1200, 1500]) {
      out.push({
        id: `${rail}-${length}`,
        name: `${rail} Linear Guide Rail, ${length} mm`,
        description: `${rail} profile rail in a ${length} mm pre-cut length with standard end spacing, ready to mount.`,
        translated: [
          `Rail profilé ${rail} en longueur précoupée de ${length} mm avec un espacement standard aux extrémités, prêt à monter.`,
          `Riel de perfil ${rail} en tramo precortado de ${length} mm con espaciado estándar en los extremos, listo para montar.`,
        ],
        brand: mini ? 'linearis' : 'railtek',
        category: 'linear-motion/linear-rails',
        image: '/images/products/rail.svg',
        listPrice: R(8 + width * 0.6 + (kgPerM * 0.02 + 0.01) * length),
        weightKg: R((kgPerM * length) / 1000),
        attributes: [
          ['Rail Size', rail],
          ['Length', `${length} mm`],
          ['Material', 'Bearing Steel, Hardened'],
        ],
      });
    }
    const blocks = mini
      ? [
          ['C', 'Standard'],
          ['H', 'Long'],
        ]
      : [
          ['CA', 'Square'],
          ['HA', 'Square Long'],
          ['CC', 'Flanged'],
        ];
    for (const [suffix, kind] of blocks) {
      const id = mini
        ? `${rail.replace('R', '')}${suffix}`
        : `${rail.replace('HGR', suffix === 'CC' ? 'HGW' : 'HGH')}${suffix}`;
      out.push({
        id,
        name: `${id} ${kind} Carriage for ${rail}`,
        description: `${kind.toLowerCase()} ball carriage for the ${rail} rail with wipers and a grease nipple.`,
        translated: [
          `Chariot à billes ${BLOCK_FR_ES[kind]![0]} pour le rail ${rail}, avec racleurs et graisseur.`,
          `Carro de bolas ${BLOCK_FR_ES[kind]![1]} para el riel ${rail}, con limpiadores y grasera.`,
        ],
        brand: mini ? 'linearis' : 'railtek',
        category: 'linear-motion/carriages',
        image: '/images/products/carriage.svg',
        listPrice: R(9 + width * 1.9 + (suffix.startsWith('H') ? 6 : 0)),
        weightKg: R(width * width * 0.0009),
        attributes: [
          ['Rail Size', rail],
          ['Block Type', kind],
          ['Preload', 'Light (Z0)'],
        ],
      });
    }
  }
  for (const d of [6, 8, 10, 12, 16, 20, 25]) {
    out.push({
      id: `LM${d}UU`,
      name: `LM${d}UU Linear Ball Bushing`,
      description: `Linear ball bushing for ${d} mm hardened shaft, steel sleeve with recirculating balls.`,
      translated: [
        `Douille à billes linéaire pour arbre trempé de ${d} mm, manchon en acier à billes recirculantes.`,
        `Buje lineal de bolas para eje templado de ${d} mm, camisa de acero con bolas recirculantes.`,
      ],
      brand: 'bearingworks',
      category: 'linear-motion/linear-bearings',
      image: '/images/products/bearing.svg',
      listPrice: R(2 + d * 0.35),
      weightKg: R(d * d * 0.0004),
      attributes: [
        ['Inner Diameter', `${d} mm`],
        ['Type', 'Standard'],
      ],
    });
    out.push({
      id: `SHAFT-${d}-H`,
      name: `${d} mm Hardened Linear Shaft`,
      description: `Case-hardened, ground and chromed ${d} mm shaft, cut to length.`,
      translated: [
        `Arbre de ${d} mm trempé en surface, rectifié et chromé, coupé à longueur.`,
        `Eje de ${d} mm con temple superficial, rectificado y cromado, cortado a la medida.`,
      ],
      brand: 'precisa',
      category: 'linear-motion/linear-bearings',
      image: '/images/products/shaft.svg',
      listPrice: R(6 + d * 0.9),
      weightKg: R(d * d * 0.00617),
      attributes: [
        ['Diameter', `${d} mm`],
        ['Tolerance', 'g6'],
        ['Hardness', 'HRC 60'],
      ],
      uom: 'MM',
      cutToLength: { perMm: R(d * 0.0012), maxMm: 3000 },
      measureKind: 'length',
    });
  }
  return out;
}

function ballScrews(): Base[] {
  const out: Base[] = [];
  const screws: [string, number, number][] = [
    ['SFU1204', 12, 4],
    ['SFU1605', 16, 5],
    ['SFU1610', 16, 10],
    ['SFU2005', 20, 5],
    ['SFU2010', 20, 10],
    ['SFU2505', 25, 5],
    ['SFU2510', 25, 10],
    ['SFU3205', 32, 5],
    ['SFU3210', 32, 10],
  ];
  const lengths = [200, 250, 300, 350, 400, 450, 500, 600, 700, 800, 900, 1000, 1200, 1500, 1800, 2000];
  for (const [model, d, lead] of screws) {
    // Cut to the length the machine needs: priced per mm on top of the nut and the machined ends.
    out.push({
      id: `${model}-CUT`,
      name: `${model} Ball Screw, Cut to Length, with Nut`,
      description: `Precision rolled C7 ball screw, ${d} mm diameter with ${lead} mm lead, cut to your length and supplied with a single flanged ${model} nut and BK/BF machined ends.`,
      brand: lead === 10 ? 'helix-motion' : 'precisa',
      category: 'motion-control/ballscrews-accessories/precision-rolled-ball-screws',
      image: '/images/products/ballscrew.svg',
      listPrice: R(4 * (28 + d * 1.2)),
      weightKg: R((d * d * 0.0062 * 1000) / 1000 + 0.3),
      attributes: [
        ['Model', model],
        ['Diameter', `${d} mm`],
        ['Lead', `${lead} mm`],
        ['Accuracy', 'C7'],
        ['End Machining', d <= 16 ? 'BK12/BF12' : d <= 20 ? 'BK15/BF15' : 'BK20/BF20'],
      ],
      cutToLength: { perMm: R(0.03 + d * 0.0012), maxMm: d === 12 ? 1000 : 3000 },
      demand: 2,
    });
    for (const length of lengths) {
      if (d === 12 && length > 1000) continue;
      out.push({
        id: `${model}-${length}`,
        name: `${model} Ball Screw, ${length} mm, with Nut`,
        description: `Precision rolled C7 ball screw, ${d} mm diameter with ${lead} mm lead, ${length} mm long, supplied with a single flanged ${model} nut and BK/BF machined ends.`,
        brand: lead === 10 ? 'helix-motion' : 'precisa',
        category: 'motion-control/ballscrews-accessories/precision-rolled-ball-screws',
        image: '/images/products/ballscrew.svg',
        listPrice: R(28 + d * 1.2 + length * 0.045),
        weightKg: R((d * d * 0.0062 * length) / 1000 + 0.3),
        attributes: [
          ['Model', model],
          ['Diameter', `${d} mm`],
          ['Lead', `${lead} mm`],
          ['Length', `${length} mm`],
          ['Accuracy', 'C7'],
          ['End Machining', d <= 16 ? 'BK12/BF12' : d <= 20 ? 'BK15/BF15' : 'BK20/BF20'],
        ],
        restrictedStates: length >= 1500 ? CONTIGUOUS_STATES : undefined,
      });
    }
    out.push({
      id: `${model}-NUT`,
      name: `${model} Flanged Ball Nut`,
      description: `Replacement single flanged ball nut for ${model} screws, preloaded and sealed.`,
      brand: 'precisa',
      category: 'motion-control/ballscrews-accessories/ball-nuts-housings',
      image: '/images/products/ballnut.svg',
      demand: 0.3,
      listPrice: R(18 + d * 0.8),
      weightKg: R(d * 0.015),
      attributes: [
        ['Model', model],
        ['Lead', `${lead} mm`],
        ['Type', 'Single Flanged'],
      ],
    });
    if (out.some((b) => b.id === `DSG${d}H`)) continue;
    out.push({
      id: `DSG${d}H`,
      name: `DSG${d}H Ball Nut Housing`,
      description: `Machined aluminum housing that mounts the ${d} mm ball nut to your carriage plate.`,
      brand: 'kinetic-parts',
      category: 'motion-control/ballscrews-accessories/ball-nuts-housings',
      image: '/images/products/bracket.svg',
      demand: 0.3,
      listPrice: R(9 + d * 0.4),
      weightKg: R(d * 0.01),
      attributes: [
        ['Screw Diameter', `${d} mm`],
        ['Material', '6061 Aluminum'],
      ],
    });
  }
  for (const size of [10, 12, 15, 20, 25]) {
    for (const [kind, label] of [
      ['BK', 'Fixed'],
      ['BF', 'Floating'],
      ['FK', 'Fixed Round'],
      ['FF', 'Floating Round'],
    ]) {
      out.push({
        id: `${kind}${size}`,
        name: `${kind}${size} ${label} End Support`,
        description: `${label.toLowerCase()}-side support unit for ${size} mm journal ball screw ends, with angular contact bearings.`,
        brand: 'precisa',
        category: 'motion-control/ballscrews-accessories/end-supports',
        image: '/images/products/support.svg',
        listPrice: R(14 + size * (kind.startsWith('B') ? 0.9 : 0.7)),
        weightKg: R(size * 0.03),
        attributes: [
          ['Journal Diameter', `${size} mm`],
          ['Side', label],
        ],
      });
    }
  }
  return out;
}

function motors(): Base[] {
  const out: Base[] = [];
  const steppers: [number, string, number, number, number][] = [
    [17, '17HS4401', 40, 0.45, 1.7],
    [17, '17HS8401', 48, 0.52, 1.8],
    [17, '17HS6001', 60, 0.65, 2.0],
    [23, '23HS5628', 56, 1.26, 2.8],
    [23, '23HS8430', 76, 1.9, 3.0],
    [23, '23HS2430', 112, 3.0, 4.2],
    [34, '34HS9820', 98, 8.5, 6.0],
    [34, '34HS1456', 118, 12.0, 5.6],
    [34, '34HS1810', 151, 13.0, 6.0],
  ];
  for (const [frame, model, len, torque, amps] of steppers) {
    for (const [shaft, shaftName] of [
      ['', 'Round'],
      ['-D', 'D-Cut'],
    ]) {
      out.push({
        id: `${model}${shaft}`,
        name: `NEMA ${frame} Stepper Motor ${model}, ${torque} Nm, ${shaftName} Shaft`,
        description: `Two-phase hybrid stepper motor, NEMA ${frame} frame, ${len} mm body, ${torque} Nm holding torque at ${amps} A per phase, 1.8 degree step angle.`,
        brand: frame === 34 ? 'torquemaster' : 'steppwerk',
        category: 'motion-control/stepper-motors',
        image: '/images/products/stepper.svg',
        listPrice: R(14 + torque * 11 + frame * 0.4),
        weightKg: R(len * frame * 0.0009),
        attributes: [
          ['Frame Size', `NEMA ${frame}`],
          ['Holding Torque', `${torque} Nm`],
          ['Rated Current', `${amps} A`],
          ['Step Angle', '1.8°'],
          ['Body Length', `${len} mm`],
          ['Shaft', shaftName],
        ],
      });
    }
  }
  const drivers: [string, string, number][] = [
    ['DM332T', '0.3–3.2 A, 18–30 VDC', 28],
    ['DM542T', '1.0–4.2 A, 20–50 VDC', 39],
    ['DM556T', '1.8–5.6 A, 20–50 VDC', 46],
    ['DM860T', '2.4–7.2 A, 24–110 VDC', 72],
    ['DM1182', '0.5–8.2 A, 80–150 VAC', 129],
    ['TB6600', '0.5–4.0 A, 9–42 VDC', 19],
  ];
  for (const [model, rating, price] of drivers) {
    out.push({
      id: model,
      name: `${model} Digital Stepper Driver`,
      description: `Microstepping driver rated ${rating}, with anti-resonance and idle current reduction.`,
      brand: 'drivecore',
      category: 'motion-control/stepper-drivers',
      image: '/images/products/driver.svg',
      listPrice: price,
      weightKg: 0.3,
      attributes: [
        ['Output Current', rating.split(', ')[0]!],
        ['Supply Voltage', rating.split(', ')[1]!],
        ['Microsteps', 'up to 51200'],
      ],
    });
  }
  const bores = ['5x5', '5x8', '6.35x8', '6.35x10', '8x8', '8x10', '10x12', '12x14', '14x14'];
  for (const [kind, label, od] of [
    ['JAW', 'Jaw', 25],
    ['BEL', 'Bellows', 20],
    ['RIG', 'Rigid', 20],
    ['OLD', 'Oldham', 25],
  ] as const) {
    for (const bore of bores) {
      out.push({
        id: `CPL-${kind}-${od}-${bore}`,
        name: `${label} Shaft Coupling, ${bore.replace('x', ' x ')} mm Bore`,
        description: `${label} ${kind === 'RIG' ? 'rigid' : 'flexible'} coupling in aluminum, ${od} mm outside diameter, clamping hubs bored ${bore.replace('x', ' mm and ')} mm.`,
        brand: 'couplix',
        category: 'motion-control/couplings',
        image: '/images/products/coupling.svg',
        listPrice: R((kind === 'BEL' ? 17 : kind === 'RIG' ? 6 : 9) + Number(bore.split('x')[1]) * 0.3),
        weightKg: 0.04,
        attributes: [
          ['Type', label],
          ['Bore', `${bore} mm`],
          ['Outside Diameter', `${od} mm`],
        ],
      });
    }
  }
  return out;
}

function bearings(): Base[] {
  const out: Base[] = [];
  const list: [string, number, number, number][] = [
    ['608', 8, 22, 7],
    ['625', 5, 16, 5],
    ['6000', 10, 26, 8],
    ['6001', 12, 28, 8],
    ['6002', 15, 32, 9],
    ['6003', 17, 35, 10],
    ['6004', 20, 42, 12],
    ['6005', 25, 47, 12],
    ['6200', 10, 30, 9],
    ['6201', 12, 32, 10],
    ['6202', 15, 35, 11],
    ['6203', 17, 40, 12],
    ['6204', 20, 47, 14],
    ['6205', 25, 52, 15],
  ];
  for (const [model, id, od, w] of list) {
    for (const [seal, sealName, ss] of [
      ['ZZ', 'Metal Shielded', false],
      ['2RS', 'Rubber Sealed', false],
      ['2RS-SS', 'Stainless, Rubber Sealed', true],
    ] as const) {
      out.push({
        id: `${ss ? 'S' : ''}${model}-${seal.replace('-SS', '')}`,
        name: `${ss ? 'S' : ''}${model}-${seal.replace('-SS', '')} Deep Groove Ball Bearing`,
        description: `${sealName} deep groove ball bearing, ${id} x ${od} x ${w} mm${ss ? ', 440C stainless for washdown areas' : ''}.`,
        brand: ss ? 'cleanline' : 'bearingworks',
        category: 'bearings/ball-bearings',
        image: '/images/products/bearing.svg',
        listPrice: R((ss ? 4 : 1.2) + od * 0.09),
        weightKg: R(od * od * w * 0.000005),
        attributes: [
          ['Bore', `${id} mm`],
          ['Outside Diameter', `${od} mm`],
          ['Width', `${w} mm`],
          ['Seal', sealName],
        ],
        foodGrade: ss,
      });
    }
  }
  for (const shaft of [8, 10, 12, 15, 17, 20, 25]) {
    for (const [kind, label] of [
      ['KP', 'Pillow Block'],
      ['KFL', 'Two-Bolt Flange'],
      ['UCP2', 'Cast Pillow Block'],
    ]) {
      out.push({
        id: `${kind}${String(shaft).padStart(kind === 'UCP2' ? 2 : 2, '0')}`,
        name: `${kind}${String(shaft).padStart(2, '0')} ${label} Bearing, ${shaft} mm`,
        description: `${label} unit with a set-screw locking insert bearing for ${shaft} mm shafts.`,
        brand: 'bearingworks',
        category: 'bearings/mounted-bearings',
        image: '/images/products/pillow-block.svg',
        listPrice: R(4 + shaft * 0.5 + (kind === 'UCP2' ? 6 : 0)),
        weightKg: R(shaft * 0.02),
        attributes: [
          ['Shaft Diameter', `${shaft} mm`],
          ['Housing', kind === 'UCP2' ? 'Cast Iron' : 'Zinc Alloy'],
        ],
      });
    }
  }
  return out;
}

function fasteners(): Base[] {
  const out: Base[] = [];
  for (const [series, thread] of [
    ['20', 'M5'],
    ['30', 'M6'],
    ['40', 'M8'],
    ['45', 'M8'],
    ['10', '1/4-20'],
    ['15', '5/16-18'],
  ]) {
    for (const [kind, label] of [
      ['DROP', 'Drop-In'],
      ['ROLL', 'Roll-In Spring'],
      ['SLIDE', 'Slide-In Economy'],
    ]) {
      out.push({
        id: `TN-${series}-${thread}-${kind}`,
        name: `${label} T-Nut, ${series} Series, ${thread}`,
        description: `${label} T-nut for ${series} series slots (fits ${fits(series)}) with ${thread} thread, zinc-plated steel, sold in packs of 10.`,
        brand: 'boltline',
        category: 'fasteners/t-nuts',
        image: '/images/products/t-nut.svg',
        listPrice: R(0.35 + Number(series) * 0.01 + (kind === 'ROLL' ? 0.25 : 0)),
        weightKg: 0.006,
        attributes: [
          ['Series', `${series} Series`],
          ['Thread', thread],
          ['Style', label],
          ['Pack Quantity', '10'],
        ],
        pack: 10,
      });
    }
  }
  const metric = ['M3', 'M4', 'M5', 'M6', 'M8', 'M10'];
  const metricLengths = [6, 8, 10, 12, 16, 20, 25, 30, 35, 40, 50, 60];
  const inch: [string, string[]][] = [
    ['#10-32', ['3/8', '1/2', '5/8', '3/4', '1']],
    ['1/4-20', ['3/8', '1/2', '5/8', '3/4', '1', '1-1/4', '1-1/2', '2']],
    ['5/16-18', ['1/2', '5/8', '3/4', '1', '1-1/2', '2']],
  ];
  const heads: [string, string][] = [
    ['SHCS', 'Socket Head Cap Screw'],
    ['BHCS', 'Button Head Socket Screw'],
    ['FHCS', 'Flat Head Socket Screw'],
    ['LHCS', 'Low Head Socket Cap Screw'],
  ];
  for (const [head, headName] of heads) {
    for (const [mat, matName] of [
      ['ZP', 'Zinc-Plated Steel'],
      ['BO', 'Black-Oxide Alloy Steel'],
      ['SS', '18-8 Stainless Steel'],
    ]) {
      for (const thread of metric) {
        for (const len of metricLengths) {
          if (Number(thread.slice(1)) * 1.5 > len) continue;
          out.push({
            id: `${head}-${thread}X${len}-${mat}`,
            name: `${thread} x ${len} mm ${headName}, ${matName}`,
            description: `${headName} ${thread} x ${len} mm in ${matName.toLowerCase()}, hex drive, sold in packs of 25.`,
            brand: mat === 'SS' ? 'fastenal-pro' : 'boltline',
            category: 'fasteners/screws-bolts',
            image: '/images/products/screw.svg',
            listPrice: R(0.08 + Number(thread.slice(1)) * 0.02 + len * 0.002 + (mat === 'SS' ? 0.06 : 0)),
            weightKg: R(Number(thread.slice(1)) ** 2 * len * 0.000007 + 0.001),
            attributes: [
              ['Thread', thread],
              ['Length', `${len} mm`],
              ['Head', headName],
              ['Material', matName],
              ['Pack Quantity', '25'],
            ],
            pack: 25,
            foodGrade: mat === 'SS',
          });
        }
      }
      for (const [thread, lengths] of inch) {
        for (const len of lengths) {
          out.push({
            id: `${head}-${thread}X${len}-${mat}`,
            name: `${thread} x ${len}" ${headName}, ${matName}`,
            description: `${headName} ${thread} x ${len}" in ${matName.toLowerCase()}, hex drive, sold in packs of 25.`,
            brand: mat === 'SS' ? 'fastenal-pro' : 'boltline',
            category: 'fasteners/screws-bolts',
            image: '/images/products/screw.svg',
            listPrice: R(0.12 + len.length * 0.03 + (mat === 'SS' ? 0.07 : 0)),
            weightKg: 0.006,
            attributes: [
              ['Thread', thread],
              ['Length', `${len}"`],
              ['Head', headName],
              ['Material', matName],
              ['Pack Quantity', '25'],
            ],
            pack: 25,
            foodGrade: mat === 'SS',
          });
        }
      }
    }
  }
  out.push({
    id: 'TL-242-10ML',
    name: 'Threadlocker 242, Medium Strength, 10 ml',
    description:
      'Removable medium-strength anaerobic threadlocker for fasteners from 1/4" to 3/4". Ships by ground only, not to California.',
    brand: 'ironbridge',
    category: 'fasteners/screws-bolts',
    image: '/images/products/bottle.svg',
    listPrice: 8.95,
    weightKg: 0.03,
    attributes: [
      ['Strength', 'Medium'],
      ['Volume', '10 ml'],
      ['Cure Time', '24 h'],
    ],
    restrictedStates: NO_CA,
  });
  return out;
}

function bracketsAndPanels(): Base[] {
  const out: Base[] = [];
  for (const series of ['10', '15', '20', '30', '40', '45']) {
    for (const [kind, label, cat] of [
      ['CRN', 'Cast Corner Bracket', 'corner-brackets'],
      ['GUS', 'Gusset Corner Bracket', 'corner-brackets'],
      ['L5', '5-Hole L Joining Plate', 'joining-plates'],
      ['T5', '5-Hole T Joining Plate', 'joining-plates'],
      ['FLAT4', '4-Hole Flat Joining Plate', 'joining-plates'],
    ]) {
      out.push({
        id: `BRK-${series}-${kind}`,
        name: `${series} Series ${label}`,
        description: `${label} for ${series} series profiles (fits ${fits(series)}), anodized aluminum, with fasteners and T-nuts sold separately.`,
        brand: 'northfab',
        category: `brackets-connectors/${cat}`,
        image: '/images/products/bracket.svg',
        listPrice: R(1.8 + Number(series) * 0.09 + (kind.startsWith('L') || kind.startsWith('T') ? 2 : 0)),
        weightKg: R(Number(series) * 0.004),
        attributes: [
          ['Series', `${series} Series`],
          ['Material', '6063 Aluminum'],
          ['Finish', 'Clear Anodized'],
        ],
      });
    }
  }
  const panels: [string, string, number[]][] = [
    ['PC', 'Clear Polycarbonate', [3, 4.5, 6]],
    ['ACR', 'Clear Acrylic', [3, 6]],
    ['ACM', 'Black Aluminum Composite', [3, 4]],
    ['HDPE', 'White HDPE', [3, 6]],
    ['PERF', 'Perforated Aluminum', [1.5]],
  ];
  for (const [code, mat, thicknesses] of panels) {
    for (const t of thicknesses) {
      out.push({
        id: `PNL-${code}-${t}MM`,
        name: `${mat} Panel, ${t} mm, Cut to Size`,
        description: `${mat} panel ${t} mm thick, cut to your width and height, to drop into the profile slot.`,
        brand: 'panelform',
        category: 'panels-enclosures/panels',
        image: '/images/products/panel.svg',
        listPrice: R(9 + t * 3),
        weightKg: R(t * 1.25),
        attributes: [
          ['Material', mat],
          ['Thickness', `${t} mm`],
        ],
        uom: 'SQM',
        measureKind: 'area',
        foodGrade: code === 'HDPE',
      });
    }
  }
  for (const [code, label, price] of [
    ['HNG-20', 'Die-Cast Hinge, 20 Series', 6.4],
    ['HNG-40', 'Die-Cast Hinge, 40 Series', 8.9],
    ['HDL-120', 'Aluminum Door Handle, 120 mm', 7.5],
    ['HDL-180', 'Aluminum Door Handle, 180 mm', 9.2],
    ['LTCH-MAG', 'Magnetic Door Latch', 11.3],
    ['LTCH-KEY', 'Keyed Cam Lock', 14.8],
  ] as const) {
    out.push({
      id: code,
      name: label,
      description: `${label} for guards and enclosures built from T-slot profiles.`,
      brand: 'guardline',
      category: 'panels-enclosures/doors-hardware',
      image: '/images/products/hinge.svg',
      listPrice: price,
      weightKg: 0.12,
      attributes: [
        ['Material', 'Aluminum'],
        ['Finish', 'Black'],
      ],
    });
  }
  return out;
}

let families: Base[][] | undefined;
/** Every family's base parts; built once per process. */
function baseFamilies(): Base[][] {
  families ??= [
    extrusions(),
    linearMotion(),
    ballScrews(),
    motors(),
    bearings(),
    fasteners(),
    bracketsAndPanels(),
  ];
  return families;
}

/** Base parts interleaved across families, so a small catalogue still holds every kind of part. */
function interleaved(): Base[] {
  const fams = baseFamilies();
  const out: Base[] = [];
  const longest = Math.max(...fams.map((f) => f.length));
  for (let i = 0; i < longest; i++) for (const f of fams) if (i < f.length) out.push(f[i]!);
  return out;
}

function hash(text: string, seed: number): number {
  let h = 2166136261 ^ seed;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

/** mulberry32: small, fast, deterministic. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PARTNER_SITES = ['mai', 'aos', 'miv2'];

function toProduct(base: Base, id: string, round: number, seed: number): ProductSeed {
  const rand = rng(hash(id, seed));
  const drift = round === 0 ? 1 : 0.9 + rand() * 0.25;
  const unpriced = rand() < 0.03;
  const listPrice = R(base.listPrice * drift);
  const configurable = base.cutToLength;
  const price = unpriced ? null : listPrice;
  const options: ConfigurationOptionSeed[] = [];
  if (configurable) {
    options.push({
      code: 'CUT_LENGTH',
      name: 'Cut Length',
      kind: 'length',
      unit: 'mm',
      unitPrice: configurable.perMm,
      minValue: 25,
      maxValue: configurable.maxMm,
      step: 0.5, // the description promises cuts within ±0.25 mm: any half millimetre
      defaultValue: 1000,
      required: true,
      position: 0,
    });
    if (configurable.tapping) {
      options.push(
        {
          code: 'TAP_END',
          name: 'End Tapping (per end)',
          kind: 'count',
          unit: 'end',
          unitPrice: 2.5,
          minValue: 0,
          maxValue: 2,
          step: 1,
          defaultValue: 0,
          required: false,
          position: 1,
        },
        {
          code: 'CBORE',
          name: 'Counterbore for Anchor Fastener',
          kind: 'count',
          unit: 'hole',
          unitPrice: 3.25,
          minValue: 0,
          maxValue: 8,
          step: 1,
          defaultValue: 0,
          required: false,
          position: 2,
        },
      );
    }
  }
  const byArea = base.measureKind === 'area' && price !== null;
  if (byArea) {
    const d = PANEL_DIMENSIONS;
    options.push({
      code: 'AREA',
      name: 'Size',
      kind: 'area',
      unit: 'm²',
      unitPrice: price,
      minValue: areaOf(d.width.min, d.height.min),
      maxValue: areaOf(d.width.max, d.height.max),
      step: null,
      defaultValue: areaOf(d.width.default, d.height.default),
      required: true,
      position: 0,
      dimensions: d,
    });
  }
  const sites = ['axl', 'pay-us', 'pay-ca'];
  if (base.foodGrade) sites.push('foodgrade');
  for (const partner of PARTNER_SITES) if (rand() < 0.35) sites.push(partner);
  const encoded = encodeURIComponent(id);
  return {
    id,
    name: round === 0 ? base.name : `${base.name} (Rev. ${round})`,
    description: base.description,
    brandHandle: base.brand,
    categoryHandle: base.category,
    price: configurable && price !== null ? R(price * 0.25) : price,
    basePrice: configurable && price !== null ? R(price * 0.25) : byArea ? 0 : null,
    marketPrice: price === null ? null : R((configurable ? price * 0.25 : price) * (1.08 + rand() * 0.17)),
    manufacturerPartNumber:
      rand() < 0.8 ? `${base.brand.slice(0, 3).toUpperCase()}-${id.replace(/[^A-Z0-9]/gi, '')}` : null,
    minimumPurchaseQuantity: base.pack ?? 1,
    minTransfer: base.pack ? 2 : 1,
    unitOfMeasure: base.pack ? 'PK' : (base.uom ?? 'EA'),
    inStock: rand() > 0.06,
    allowedStates: base.restrictedStates ?? [],
    images: [base.image],
    // Cut-to-length products have a generated cross-section (GET /api/cad/<id>.dxf). The draw keeps the
    // random sequence of the catalogue unchanged.
    cadFiles:
      rand() < 2 && configurable
        ? [{ name: `${id} cross-section`, format: 'DXF' as const, url: `/api/cad/${encoded}.dxf` }]
        : [],
    displayKind: configurable || base.measureKind === 'area' ? 'select' : 'regular',
    measureKind: base.measureKind ?? null,
    attributes: base.attributes.map(([name, value]) => ({ name, value })),
    weightKg: base.weightKg,
    sites,
    popularity: Math.floor(rand() ** 2 * 1000 * (base.demand ?? 1) * (round === 0 ? 1 : 0.5)),
    configurationOptions: options,
    ...(base.translated ? { translatedDescription: base.translated } : {}),
  };
}

/**
 * The demo's custom-work part (decision 049): work to a buyer's drawing, priced only by quote. A quote line in words
 * is ordered and invoiced as a catalogue part; staff name this one for cutting, machining and assembly to print.
 */
export const CUSTOM_WORK_PART = 'FAB-CUSTOM';

/** The custom-work part's description in fr-CA and es-MX. */
const CUSTOM_WORK_FR_ES = [
  'Coupe, usinage, taraudage et assemblage selon votre dessin, au prix de la soumission. Envoyez vos dessins avec le formulaire de soumission : nous répondons avec un prix unitaire, un délai et le coût du transport.',
  'Corte, maquinado, machuelado y ensamble según su plano, con precio por cotización. Envíe sus planos con el formulario de cotización: le respondemos con un precio por pieza, un plazo de entrega y el flete.',
] as const;

export function customWorkProduct(): ProductSeed {
  return {
    id: CUSTOM_WORK_PART,
    name: 'Custom Fabrication to Your Drawing',
    description:
      'Cutting, machining, tapping and assembly to your drawing, priced by quote. Send your drawings with the quote form: we answer with a price per piece, a lead time and freight.',
    brandHandle: 'axisline',
    categoryHandle: 't-slot-extrusion',
    price: null,
    basePrice: null,
    marketPrice: null,
    manufacturerPartNumber: null,
    minimumPurchaseQuantity: 1,
    minTransfer: 1,
    unitOfMeasure: 'EA',
    inStock: true,
    allowedStates: [],
    images: ['/images/products/extrusion.svg'],
    cadFiles: [],
    displayKind: 'regular',
    measureKind: null,
    attributes: [
      { name: 'Service', value: 'Cutting, machining, tapping, assembly' },
      { name: 'Drawings', value: 'PDF, DXF or STEP' },
    ],
    weightKg: 0,
    sites: ['axl', 'pay-us', 'pay-ca'],
    popularity: 0,
    configurationOptions: [],
    translatedDescription: CUSTOM_WORK_FR_ES,
  };
}

/**
 * The demo's translated descriptions (decision 059): the base parts of the top categories (T-slot extrusion and
 * linear motion) and the custom-work part, with the English they translate: what a start adds to a catalogue seeded
 * before them (a seed writes its revisions' too). The other categories' parts stay in English.
 */
export function demoDescriptionTranslations(): { id: string; english: string; fr: string; es: string }[] {
  const custom = customWorkProduct();
  return [
    ...baseFamilies()
      .flat()
      .flatMap((b) =>
        b.translated ? [{ id: b.id, english: b.description, fr: b.translated[0], es: b.translated[1] }] : [],
      ),
    { id: custom.id, english: custom.description, fr: CUSTOM_WORK_FR_ES[0], es: CUSTOM_WORK_FR_ES[1] },
  ];
}

/** Number of distinct base parts (a catalogue larger than this repeats them as revisions). */
export function baseCatalogSize(): number {
  return baseFamilies().reduce((n, f) => n + f.length, 0);
}

export function* generateProducts(count: number, seed = 1): Generator<ProductSeed> {
  const bases = interleaved();
  for (let i = 0; i < count; i++) {
    const round = Math.floor(i / bases.length);
    const base = bases[i % bases.length]!;
    const id = round === 0 ? base.id : `${base.id}-R${round}`;
    yield toProduct(base, id, round, seed);
  }
}
