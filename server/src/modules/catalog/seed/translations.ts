import type { MikroORM } from '@mikro-orm/postgresql';
import { catalogCategories } from './taxonomy';

/** [English, fr-CA, es-MX]. */
type Row = readonly [string, string, string];

/** The demo's category names, by handle (the last part of the path). */
const CATEGORIES: Record<string, readonly [fr: string, es: string]> = {
  't-slot-extrusion': ['Profilés d’aluminium à rainure en T', 'Perfiles de aluminio con ranura en T'],
  'inch-series': ['Profilés en pouces', 'Perfiles en pulgadas'],
  '10-series': ['Série 10', 'Serie 10'],
  '15-series': ['Série 15', 'Serie 15'],
  'metric-series': ['Profilés métriques', 'Perfiles métricos'],
  '20-series': ['Série 20 mm', 'Serie 20 mm'],
  '30-series': ['Série 30 mm', 'Serie 30 mm'],
  '40-series': ['Série 40 mm', 'Serie 40 mm'],
  '45-series': ['Série 45 mm', 'Serie 45 mm'],
  'end-caps-covers': ['Embouts et couvre-rainures', 'Tapas y cubreranuras'],
  'linear-motion': ['Mouvement linéaire', 'Movimiento lineal'],
  'linear-rails': ['Rails de guidage linéaire', 'Rieles de guía lineal'],
  carriages: ['Chariots et patins', 'Carros y patines'],
  'linear-bearings': ['Roulements linéaires et arbres', 'Rodamientos lineales y ejes'],
  'motion-control': ['Commande de mouvement', 'Control de movimiento'],
  'ballscrews-accessories': ['Vis à billes et accessoires', 'Husillos de bolas y accesorios'],
  'precision-rolled-ball-screws': [
    'Vis à billes roulées de précision',
    'Husillos de bolas laminados de precisión',
  ],
  'ball-nuts-housings': ['Écrous à billes et boîtiers', 'Tuercas de bolas y soportes'],
  'end-supports': ['Paliers d’extrémité', 'Soportes de extremo'],
  'stepper-motors': ['Moteurs pas à pas', 'Motores a pasos'],
  'stepper-drivers': ['Pilotes de moteurs pas à pas', 'Controladores de motores a pasos'],
  couplings: ['Accouplements d’arbres', 'Acoplamientos de ejes'],
  bearings: ['Roulements', 'Rodamientos'],
  'ball-bearings': ['Roulements à billes à gorge profonde', 'Rodamientos rígidos de bolas'],
  'mounted-bearings': ['Paliers montés', 'Chumaceras'],
  fasteners: ['Fixations et écrous en T', 'Tornillería y tuercas en T'],
  't-nuts': ['Écrous en T', 'Tuercas en T'],
  'screws-bolts': ['Vis et boulons', 'Tornillos y pernos'],
  'brackets-connectors': ['Équerres et connecteurs', 'Escuadras y conectores'],
  'corner-brackets': ['Équerres d’angle', 'Escuadras de esquina'],
  'joining-plates': ['Plaques de jonction', 'Placas de unión'],
  'panels-enclosures': ['Panneaux et enceintes', 'Paneles y gabinetes'],
  panels: ['Panneaux', 'Paneles'],
  'doors-hardware': ['Quincaillerie de porte', 'Herrajes para puertas'],
};

/** The specification attributes' labels (the table on a product page, the filters). */
const ATTRIBUTES: readonly Row[] = [
  ['Accuracy', 'Précision', 'Precisión'],
  ['Accuracy Class', 'Classe de précision', 'Clase de precisión'],
  ['Block Type', 'Type de patin', 'Tipo de patín'],
  ['Body Length', 'Longueur du corps', 'Longitud del cuerpo'],
  ['Bore', 'Alésage', 'Diámetro interior'],
  ['Color', 'Couleur', 'Color'],
  ['Cure Time', 'Temps de durcissement', 'Tiempo de curado'],
  ['Diameter', 'Diamètre', 'Diámetro'],
  ['End Machining', 'Usinage des extrémités', 'Maquinado de extremos'],
  ['Finish', 'Fini', 'Acabado'],
  ['Frame Size', 'Taille de bride', 'Tamaño de brida'],
  ['Hardness', 'Dureté', 'Dureza'],
  ['Head', 'Tête', 'Cabeza'],
  ['Holding Torque', 'Couple de maintien', 'Par de retención'],
  ['Housing', 'Boîtier', 'Carcasa'],
  ['Inner Diameter', 'Diamètre intérieur', 'Diámetro interior'],
  ['Journal Diameter', 'Diamètre de tourillon', 'Diámetro del muñón'],
  ['Lead', 'Pas', 'Avance'],
  ['Length', 'Longueur', 'Longitud'],
  ['Material', 'Matériau', 'Material'],
  ['Microsteps', 'Micropas', 'Micropasos'],
  ['Model', 'Modèle', 'Modelo'],
  ['Output Current', 'Courant de sortie', 'Corriente de salida'],
  ['Outside Diameter', 'Diamètre extérieur', 'Diámetro exterior'],
  ['Pack Quantity', 'Quantité par paquet', 'Cantidad por paquete'],
  ['Preload', 'Précharge', 'Precarga'],
  ['Rail Size', 'Taille du rail', 'Tamaño del riel'],
  ['Rail Width', 'Largeur du rail', 'Ancho del riel'],
  ['Rated Current', 'Courant nominal', 'Corriente nominal'],
  ['Screw Diameter', 'Diamètre de vis', 'Diámetro del husillo'],
  ['Seal', 'Joint', 'Sello'],
  ['Series', 'Série', 'Serie'],
  ['Shaft', 'Arbre', 'Eje'],
  ['Shaft Diameter', 'Diamètre d’arbre', 'Diámetro del eje'],
  ['Side', 'Côté', 'Lado'],
  ['Step Angle', 'Angle de pas', 'Ángulo de paso'],
  ['Strength', 'Résistance', 'Resistencia'],
  ['Style', 'Style', 'Estilo'],
  ['Supply Voltage', 'Tension d’alimentation', 'Voltaje de alimentación'],
  ['Thickness', 'Épaisseur', 'Espesor'],
  ['Thread', 'Filetage', 'Rosca'],
  ['Tolerance', 'Tolérance', 'Tolerancia'],
  ['Type', 'Type', 'Tipo'],
  ['Volume', 'Volume', 'Volumen'],
  ['Weight per Meter', 'Poids au mètre', 'Peso por metro'],
  ['Width', 'Largeur', 'Ancho'],
];

/** The configuration options' labels (the configurator, the cart, the order). */
const OPTIONS: readonly Row[] = [
  ['Cut Length', 'Longueur de coupe', 'Longitud de corte'],
  ['End Tapping (per end)', 'Taraudage d’extrémité (par extrémité)', 'Machuelado de extremo (por extremo)'],
  [
    'Counterbore for Anchor Fastener',
    'Lamage pour fixation d’ancrage',
    'Avellanado para sujetador de anclaje',
  ],
  ['Size', 'Dimensions', 'Dimensiones'],
];

/** Every demo translation as rows of the translation table. */
export function demoTranslations(): { kind: string; key: string; locale: string; text: string }[] {
  const rows = (kind: string, entries: [string, string, string][]) =>
    entries.flatMap(([key, fr, es]) => [
      { kind, key, locale: 'fr-CA', text: fr },
      { kind, key, locale: 'es-MX', text: es },
    ]);
  return [
    // Keyed by the category's full handle (`linear-motion/linear-rails`).
    ...rows(
      'category',
      catalogCategories().flatMap((c): [string, string, string][] => {
        const names = CATEGORIES[c.handle.split('/').pop()!];
        return names ? [[c.handle, names[0], names[1]]] : [];
      }),
    ),
    ...rows(
      'attribute',
      ATTRIBUTES.map((r) => [...r]),
    ),
    ...rows(
      'option',
      OPTIONS.map((r) => [...r]),
    ),
  ];
}

/**
 * Writes the demo's translations where there are none yet (at every start: a store that has its own keeps them).
 * Returns how many were added.
 */
export async function seedTranslations(orm: MikroORM): Promise<number> {
  const rows = demoTranslations();
  const added = await orm.em.getConnection().execute<{ n: number }[]>(
    `with added as (
       insert into translation (kind, key, locale, text)
       select kind, key, locale, text from jsonb_to_recordset(?::jsonb) as t(kind text, key text, locale text, text text)
       on conflict do nothing returning 1)
     select count(*)::int as n from added`,
    [JSON.stringify(rows)],
  );
  return added[0]?.n ?? 0;
}
