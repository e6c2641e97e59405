/** The demo catalogue's brands and category tree (fictional brands; real product kinds). */
export interface BrandSeed {
  handle: string;
  name: string;
}

export interface CategorySeed {
  /** Full path, e.g. `motion-control/ballscrews-accessories/precision-rolled-ball-screws`. */
  handle: string;
  parentHandle: string | null;
  name: string;
  subtitle: string | null;
  image: string | null;
  position: number;
}

const BRANDS: [string, string][] = [
  ['axisline', 'Axisline'],
  ['profilcraft', 'ProfilCraft'],
  ['railtek', 'RailTek'],
  ['linearis', 'Linearis'],
  ['torquemaster', 'TorqueMaster'],
  ['steppwerk', 'Steppwerk'],
  ['drivecore', 'DriveCore'],
  ['boltline', 'Boltline'],
  ['fastenal-pro', 'Fastenpro'],
  ['bearingworks', 'BearingWorks'],
  ['rollon-tech', 'Rollontech'],
  ['precisa', 'Precisa'],
  ['helix-motion', 'Helix Motion'],
  ['couplix', 'Couplix'],
  ['panelform', 'PanelForm'],
  ['guardline', 'Guardline'],
  ['northfab', 'NorthFab'],
  ['kinetic-parts', 'Kinetic Parts'],
  ['ironbridge', 'Ironbridge'],
  ['cleanline', 'CleanLine Food Grade'],
];

export function catalogBrands(): BrandSeed[] {
  return BRANDS.map(([handle, name]) => ({ handle, name }));
}

type Node = [handle: string, name: string, subtitle: string, children?: Node[]];

const TREE: Node[] = [
  [
    't-slot-extrusion',
    'T-Slot Aluminum Extrusion',
    'Inch and metric profiles, cut to your length and machined to print.',
    [
      [
        'inch-series',
        'Inch Series Profiles',
        '10 and 15 series profiles in clear and black anodized finishes.',
        [
          ['10-series', '10 Series', '1" profiles for light frames, guards and workstations.'],
          ['15-series', '15 Series', '1.5" profiles for machine bases and heavy enclosures.'],
        ],
      ],
      [
        'metric-series',
        'Metric Series Profiles',
        '20, 30, 40 and 45 mm profiles for every frame size.',
        [
          ['20-series', '20 mm Series', 'Compact profiles for 3D printers, fixtures and small machines.'],
          ['30-series', '30 mm Series', 'A sturdy middle size for guarding and test rigs.'],
          ['40-series', '40 mm Series', 'The workhorse profile for machine frames and conveyors.'],
          ['45-series', '45 mm Series', 'Heavy profiles for gantries and large structures.'],
        ],
      ],
      [
        'end-caps-covers',
        'End Caps and Slot Covers',
        'Finish exposed ends and keep chips out of open slots.',
      ],
    ],
  ],
  [
    'linear-motion',
    'Linear Motion',
    'Profile rail, carriages and linear bearings for smooth, precise travel.',
    [
      ['linear-rails', 'Linear Guide Rails', 'MGN miniature and HGR heavy-load rails, cut to length.'],
      ['carriages', 'Carriages and Blocks', 'Flanged and square blocks matched to every rail size.'],
      ['linear-bearings', 'Linear Bearings and Shafts', 'LM-series ball bushings and hardened shafting.'],
    ],
  ],
  [
    'motion-control',
    'Motion Control',
    'Ball screws, stepper motors, drivers and couplings to move your axis.',
    [
      [
        'ballscrews-accessories',
        'Ball Screws and Accessories',
        'Rolled ball screws, nuts, housings and end supports.',
        [
          [
            'precision-rolled-ball-screws',
            'Precision Rolled Ball Screws',
            'SFU series C7 ball screws with machined ends.',
          ],
          ['ball-nuts-housings', 'Ball Nuts and Housings', 'Replacement nuts and aluminium nut housings.'],
          ['end-supports', 'End Supports', 'BK fixed and BF floating supports, matched in pairs.'],
        ],
      ],
      ['stepper-motors', 'Stepper Motors', 'NEMA 17, 23 and 34 hybrid steppers with 1.8 degree steps.'],
      ['stepper-drivers', 'Stepper Drivers', 'Microstepping drivers sized to your motor current.'],
      ['couplings', 'Shaft Couplings', 'Jaw, bellows and rigid couplings in common bore pairs.'],
    ],
  ],
  [
    'bearings',
    'Bearings',
    'Deep-groove, flanged and pillow-block bearings in stock.',
    [
      ['ball-bearings', 'Deep Groove Ball Bearings', 'Shielded and sealed bearings from 608 to 6205.'],
      ['mounted-bearings', 'Mounted Bearings', 'Pillow blocks and flange units for shafts from 8 mm.'],
    ],
  ],
  [
    'fasteners',
    'Fasteners and T-Nuts',
    'T-nuts, screws and hardware sized to every slot.',
    [
      ['t-nuts', 'T-Nuts', 'Drop-in, roll-in and slide-in nuts, sold in packs.'],
      [
        'screws-bolts',
        'Screws and Bolts',
        'Socket head, button head and low-head screws in metric and inch.',
      ],
    ],
  ],
  [
    'brackets-connectors',
    'Brackets and Connectors',
    'Corner brackets, gussets and joining plates for square, rigid frames.',
    [
      ['corner-brackets', 'Corner Brackets', 'Cast and extruded brackets for 90 degree joints.'],
      ['joining-plates', 'Joining Plates', 'Flat, L and T plates for strong, clean joints.'],
    ],
  ],
  [
    'panels-enclosures',
    'Panels and Enclosures',
    'Polycarbonate, acrylic and composite panels to close your frame.',
    [
      ['panels', 'Panels', 'Cut-to-size panels that drop into the profile slot.'],
      ['doors-hardware', 'Door Hardware', 'Hinges, handles and latches for guards and enclosures.'],
    ],
  ],
];

export function catalogCategories(): CategorySeed[] {
  const out: CategorySeed[] = [];
  const walk = (nodes: Node[], parent: CategorySeed | null) => {
    nodes.forEach(([slug, name, subtitle, children], position) => {
      const handle = parent ? `${parent.handle}/${slug}` : slug;
      const top = handle.split('/')[0];
      const category: CategorySeed = {
        handle,
        parentHandle: parent?.handle ?? null,
        name,
        subtitle,
        image: `/images/categories/${top}.svg`,
        position,
      };
      out.push(category);
      if (children) walk(children, category);
    });
  };
  walk(TREE, null);
  return out;
}
