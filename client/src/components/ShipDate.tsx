import { cutsPerPiece, planShipment, shipLabel, type ShipLabel } from '@domain/ship-dates';
import { useT } from '../i18n';
import { useDates } from '../lib/dates';
import { useNow } from '../lib/now';

/** A part's stock as GraphQL gives it (Product.stock, CartLine.stock). */
export interface PartStockFields {
  backorderAllowed: boolean;
  leadTimeDays: number;
  warehouses: readonly { warehouseId: string; name: string; available: number }[];
}

/** The text of a ship label: "Ships today if ordered within 2 h 13 m", "Ships Thursday", "Backordered, ships about Dec 12". */
export function useShipText() {
  const t = useT();
  const dates = useDates();
  return (label: ShipLabel, available = 0): string => {
    switch (label.kind) {
      case 'today':
        return t('ship.today', {
          hours: Math.floor(label.minutesLeft / 60),
          minutes: label.minutesLeft % 60,
        });
      case 'weekday':
        return t('ship.weekday', { day: dates.weekday(label.day) });
      case 'date':
        return t('ship.date', { day: dates.dayMonth(label.day) });
      case 'backordered':
        return t('ship.backordered', { day: dates.dayMonth(label.day) });
      case 'unavailable':
        return available > 0 ? t('ship.onlyLeft', { count: available }) : t('ship.unavailable');
    }
  };
}

/**
 * When a quantity ships (decision 050), by the domain's rule on the buyer's clock (counting down to the cut-off):
 * from the warehouse nearest `state` first. A server-rendered page reads the instant it was rendered at (lib/now.ts).
 */
export function ShipDate({
  stock,
  quantity,
  state = null,
  configured = false,
  card = false,
}: {
  stock: PartStockFields;
  quantity: number;
  state?: string | null;
  configured?: boolean;
  /** On a listing card (a `span` inside the card's link): read with the card, not announced as it changes. */
  card?: boolean;
}) {
  const now = useNow();
  const text = useShipText();
  if (!(quantity > 0)) return null;
  // Without a clock (a render without its instant), the line's place is kept.
  if (!now) return <ShipDatePlaceholder card={card} />;
  const plan = planShipment({
    quantity,
    stock: stock.warehouses,
    state,
    backorder: { allowed: stock.backorderAllowed, leadTimeDays: stock.leadTimeDays },
    cutsPerPiece: cutsPerPiece(configured),
    now,
  });
  const label = shipLabel(plan, now);
  const Tag = card ? 'span' : 'p';
  return (
    <Tag
      className={`ship-date ship-date--${label.kind}`}
      data-testid="ship-date"
      aria-live={card ? undefined : 'polite'}
    >
      {text(label, plan.fillable ? 0 : plan.available)}
    </Tag>
  );
}

/**
 * Stock by warehouse: "Mooresville, NC: 120 in stock · Reno, NV: 35 in stock". On a listing card (inside its link)
 * only the warehouses holding some, one per line.
 */
export function WarehouseStock({ stock, card = false }: { stock: PartStockFields; card?: boolean }) {
  const t = useT();
  const shown = card ? stock.warehouses.filter((w) => w.available > 0) : stock.warehouses;
  if (shown.length === 0) return null;
  const lines = shown.map((w) => t('ship.atWarehouse', { name: w.name, count: w.available }));
  if (card) {
    return (
      <span className="warehouse-stock warehouse-stock--card" data-testid="warehouse-stock">
        {lines.map((line, i) => (
          <span key={shown[i]!.warehouseId}>{line}</span>
        ))}
      </span>
    );
  }
  return (
    <ul className="warehouse-stock" data-testid="warehouse-stock" aria-label={t('ship.byWarehouse')}>
      {lines.map((line, i) => (
        <li key={shown[i]!.warehouseId}>{line}</li>
      ))}
    </ul>
  );
}

/** The day an order line's remaining pieces are planned to ship (from its reservations), read as a ship label. */
export function PlannedShipDate({ day, backordered }: { day: string; backordered: boolean }) {
  const now = useNow();
  const text = useShipText();
  if (!now) return <ShipDatePlaceholder />;
  const label = shipLabel(
    { fillable: true, parts: [], shipOn: day, backordered: backordered ? 1 : 0, orderBy: null },
    now,
  );
  return (
    <p className={`ship-date ship-date--${label.kind}`} data-testid="ship-date">
      {text(label)}
    </p>
  );
}

/** The ship date's line, empty, while no clock is known. */
function ShipDatePlaceholder({ card = false }: { card?: boolean }) {
  const Tag = card ? 'span' : 'p';
  return (
    <Tag className="ship-date" aria-hidden="true">
      {'\u00a0'}
    </Tag>
  );
}
