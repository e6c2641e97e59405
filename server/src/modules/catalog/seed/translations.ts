import type { MikroORM } from '@mikro-orm/postgresql';
import { demoDescriptionTranslations } from './generator';
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

/**
 * The categories' blurbs (the subtitle under a category's name on the home page and atop its page), by handle:
 * the shop's own words about its aisles (decision 059), in every language.
 */
const SUBTITLES: Record<string, readonly [fr: string, es: string]> = {
  't-slot-extrusion': [
    'Profilés en pouces et métriques, coupés à votre longueur et usinés selon votre dessin.',
    'Perfiles en pulgadas y métricos, cortados a su medida y maquinados según su plano.',
  ],
  'inch-series': [
    'Profilés des séries 10 et 15, anodisés incolores ou noirs.',
    'Perfiles de las series 10 y 15, con anodizado natural o negro.',
  ],
  '10-series': [
    'Profilés de 1 po pour cadres légers, protecteurs et postes de travail.',
    'Perfiles de 1" para marcos ligeros, guardas y estaciones de trabajo.',
  ],
  '15-series': [
    'Profilés de 1,5 po pour bâtis de machines et enceintes robustes.',
    'Perfiles de 1.5" para bases de máquinas y gabinetes robustos.',
  ],
  'metric-series': [
    'Profilés de 20, 30, 40 et 45 mm pour toutes les tailles de cadre.',
    'Perfiles de 20, 30, 40 y 45 mm para cualquier tamaño de marco.',
  ],
  '20-series': [
    'Profilés compacts pour imprimantes 3D, gabarits et petites machines.',
    'Perfiles compactos para impresoras 3D, dispositivos de sujeción y máquinas pequeñas.',
  ],
  '30-series': [
    'Une taille intermédiaire robuste pour protecteurs et bancs d’essai.',
    'Un tamaño intermedio resistente para guardas y bancos de prueba.',
  ],
  '40-series': [
    'Le profilé à tout faire des bâtis de machines et des convoyeurs.',
    'El perfil de uso general para bastidores de máquinas y transportadores.',
  ],
  '45-series': [
    'Profilés lourds pour portiques et grandes structures.',
    'Perfiles pesados para pórticos y estructuras grandes.',
  ],
  'end-caps-covers': [
    'Finissez les extrémités apparentes et gardez les copeaux hors des rainures ouvertes.',
    'Cubra los extremos expuestos y mantenga la viruta fuera de las ranuras abiertas.',
  ],
  'linear-motion': [
    'Rails profilés, chariots et roulements linéaires pour un déplacement fluide et précis.',
    'Rieles de perfil, carros y rodamientos lineales para un desplazamiento suave y preciso.',
  ],
  'linear-rails': [
    'Rails miniatures MGN et rails à charge lourde HGR, coupés à longueur.',
    'Rieles miniatura MGN y rieles para carga pesada HGR, cortados a la medida.',
  ],
  carriages: [
    'Patins à bride et carrés assortis à chaque taille de rail.',
    'Patines bridados y cuadrados para cada tamaño de riel.',
  ],
  'linear-bearings': [
    'Douilles à billes de série LM et arbres trempés.',
    'Bujes de bolas de la serie LM y ejes templados.',
  ],
  'motion-control': [
    'Vis à billes, moteurs pas à pas, pilotes et accouplements pour animer votre axe.',
    'Husillos de bolas, motores a pasos, controladores y acoplamientos para mover su eje.',
  ],
  'ballscrews-accessories': [
    'Vis à billes roulées, écrous, boîtiers et paliers d’extrémité.',
    'Husillos de bolas laminados, tuercas, soportes y soportes de extremo.',
  ],
  'precision-rolled-ball-screws': [
    'Vis à billes C7 de série SFU aux extrémités usinées.',
    'Husillos de bolas C7 de la serie SFU con extremos maquinados.',
  ],
  'ball-nuts-housings': [
    'Écrous de rechange et boîtiers d’écrou en aluminium.',
    'Tuercas de repuesto y soportes de tuerca de aluminio.',
  ],
  'end-supports': [
    'Paliers fixes BK et flottants BF, appariés par paires.',
    'Soportes fijos BK y flotantes BF, en pares.',
  ],
  'stepper-motors': [
    'Moteurs pas à pas hybrides NEMA 17, 23 et 34 à pas de 1,8 degré.',
    'Motores a pasos híbridos NEMA 17, 23 y 34 con pasos de 1.8 grados.',
  ],
  'stepper-drivers': [
    'Pilotes à micropas dimensionnés selon le courant de votre moteur.',
    'Controladores de micropasos dimensionados para la corriente de su motor.',
  ],
  couplings: [
    'Accouplements à mâchoires, à soufflet et rigides dans les paires d’alésages courantes.',
    'Acoplamientos de mordaza, de fuelle y rígidos en los pares de diámetros más comunes.',
  ],
  bearings: [
    'Roulements à gorge profonde, à collerette et paliers à semelle en stock.',
    'Rodamientos rígidos, con pestaña y chumaceras de piso en existencia.',
  ],
  'ball-bearings': [
    'Roulements blindés et étanches, du 608 au 6205.',
    'Rodamientos blindados y sellados, del 608 al 6205.',
  ],
  'mounted-bearings': [
    'Paliers à semelle et paliers à bride pour arbres à partir de 8 mm.',
    'Chumaceras de piso y de brida para ejes desde 8 mm.',
  ],
  fasteners: [
    'Écrous en T, vis et quincaillerie adaptés à chaque rainure.',
    'Tuercas en T, tornillos y herrajes a la medida de cada ranura.',
  ],
  't-nuts': [
    'Écrous à insertion, à rotation et à glissement, vendus en paquets.',
    'Tuercas de inserción, giratorias y deslizables, en paquetes.',
  ],
  'screws-bolts': [
    'Vis à tête cylindrique, à tête bombée et à tête basse, métriques et en pouces.',
    'Tornillos de cabeza cilíndrica, de cabeza redonda y de cabeza baja, métricos y en pulgadas.',
  ],
  'brackets-connectors': [
    'Équerres d’angle, goussets et plaques de jonction pour des cadres d’équerre et rigides.',
    'Escuadras de esquina, cartelas y placas de unión para marcos rectos y rígidos.',
  ],
  'corner-brackets': [
    'Équerres moulées et extrudées pour les assemblages à 90 degrés.',
    'Escuadras fundidas y extruidas para uniones a 90 grados.',
  ],
  'joining-plates': [
    'Plaques plates, en L et en T pour des assemblages solides et nets.',
    'Placas planas, en L y en T para uniones firmes y limpias.',
  ],
  'panels-enclosures': [
    'Panneaux en polycarbonate, en acrylique et composites pour fermer votre cadre.',
    'Paneles de policarbonato, acrílico y compuestos para cerrar su marco.',
  ],
  panels: [
    'Panneaux coupés sur mesure qui s’insèrent dans la rainure du profilé.',
    'Paneles cortados a la medida que se insertan en la ranura del perfil.',
  ],
  'doors-hardware': [
    'Charnières, poignées et loquets pour protecteurs et enceintes.',
    'Bisagras, manijas y pestillos para guardas y gabinetes.',
  ],
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
    // Keyed by the category's full handle, as its name.
    ...rows(
      'subtitle',
      catalogCategories().flatMap((c): [string, string, string][] => {
        const blurb = SUBTITLES[c.handle.split('/').pop()!];
        return blurb ? [[c.handle, blurb[0], blurb[1]]] : [];
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
 * A product's description (kind `description`, keyed by its part number, decision 059) is written only where the
 * product is there and still has the English the translation was made from. Returns how many were added.
 */
export async function seedTranslations(orm: MikroORM): Promise<number> {
  const db = orm.em.getConnection();
  const added = await db.execute<{ n: number }[]>(
    `with added as (
       insert into translation (kind, key, locale, text)
       select kind, key, locale, text from jsonb_to_recordset(?::jsonb) as t(kind text, key text, locale text, text text)
       on conflict do nothing returning 1)
     select count(*)::int as n from added`,
    [JSON.stringify(demoTranslations())],
  );
  const descriptions = await db.execute<{ n: number }[]>(
    `with added as (
       insert into translation (kind, key, locale, text)
       select 'description', p.id, l.locale, case l.locale when 'fr-CA' then d.fr else d.es end
       from jsonb_to_recordset(?::jsonb) as d(id text, english text, fr text, es text)
       join product p on p.id = d.id and p.description = d.english
       cross join (values ('fr-CA'), ('es-MX')) l(locale)
       on conflict do nothing returning 1)
     select count(*)::int as n from added`,
    [JSON.stringify(demoDescriptionTranslations())],
  );
  return (added[0]?.n ?? 0) + (descriptions[0]?.n ?? 0);
}
