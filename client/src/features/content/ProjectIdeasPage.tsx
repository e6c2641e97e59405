import { useQuery } from '@apollo/client/react';
import { areaMetadata, areaOf } from '@domain/configuration';
import { unitPrice, type CartItem } from '@domain/cart';
import { round2 } from '@domain/money';
import { productPath } from '@domain/routes';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Skeleton } from '../../components/Skeleton';
import { ProjectPartsDocument, type ProjectPartsQuery } from '../catalog';
import { useT } from '../../i18n';
import { usePageMeta } from '../../lib/usePageMeta';
import { useCartActions } from '../cart';
import { PROJECTS, type ProjectPart } from './projects';
import { useMoney } from '../../lib/money';

type Product = ProjectPartsQuery['products'][number];

/** A part's configurations as the cart prices them: its cut length, or its size (the area option). */
function partConfigurations(part: ProjectPart, product: Product) {
  const cut = product.configurationOptions.find((o) => o.code === 'CUT_LENGTH');
  const area = product.configurationOptions.find((o) => o.kind === 'AREA');
  if (part.cutMm !== undefined && cut) {
    return [{ id: cut.id, value: part.cutMm, price: cut.unitPrice, metadata: null }];
  }
  if (part.sizeMm && area) {
    const { width, height } = part.sizeMm;
    return [
      {
        id: area.id,
        value: areaOf(width, height),
        price: area.unitPrice,
        metadata: areaMetadata(width, height),
      },
    ];
  }
  return [];
}

/** A part as a cart item, configured as the project needs it; null when not sold here (or not so). */
function partItem(part: ProjectPart, product: Product | undefined): CartItem | null {
  if (!product) return null;
  const configurations = partConfigurations(part, product);
  if ((part.cutMm !== undefined || part.sizeMm) && configurations.length === 0) return null;
  return {
    itemId: product.id,
    qty: part.qty,
    configurations: configurations.map((c) => ({
      productConfigurationId: c.id,
      value: c.value,
      metadata: c.metadata,
    })),
  };
}

/** The part's price each, as the cart will price it (configured parts: base price plus the options). */
function partUnitPrice(part: ProjectPart, product: Product): number | null {
  return unitPrice({
    price: product.price ?? null,
    basePrice: product.basePrice ?? product.price,
    configurations: partConfigurations(part, product),
  });
}

/** /t-slot-extrusion-project-ideas: builds whose whole parts list goes into the cart in one click. */
export function ProjectIdeasPage() {
  const t = useT();
  usePageMeta(t('page.projectIdeas.title'));
  const ids = [...new Set(PROJECTS.flatMap((p) => p.parts.map((part) => part.itemId)))];
  const { data } = useQuery(ProjectPartsDocument, { variables: { ids } });
  const actions = useCartActions();
  const [busy, setBusy] = useState<string | null>(null);
  const money = useMoney();
  const byId = new Map((data?.products ?? []).map((p) => [p.id, p]));
  return (
    <div className="container section">
      <header className="page-header">
        <h1>{t('page.projectIdeas.title')}</h1>
        <p className="lead">{t('page.projectIdeas.text')}</p>
      </header>
      {!data ? (
        <Skeleton rows={3} />
      ) : (
        <div className="projects">
          {PROJECTS.map((project) => {
            const parts = project.parts.map((part: ProjectPart) => ({
              part,
              product: byId.get(part.itemId),
            }));
            const items = parts.flatMap(({ part, product }) => partItem(part, product) ?? []);
            const total = round2(
              parts.reduce(
                (sum, { part, product }) =>
                  sum + (product ? (partUnitPrice(part, product) ?? 0) * part.qty : 0),
                0,
              ),
            );
            const title = t(`projects.${project.slug}.title`);
            return (
              <article key={project.slug} className="panel project" data-testid="project">
                <img src={project.image} alt="" width={72} height={72} />
                <h2>{title}</h2>
                <p>{t(`projects.${project.slug}.text`)}</p>
                <ul className="project__parts">
                  {parts.map(({ part, product }, i) => (
                    <li key={i}>
                      {part.qty} ×{' '}
                      {product ? <Link to={productPath(product.id)}>{product.name}</Link> : part.itemId}
                      {part.cutMm !== undefined && <> — {t('projects.cutTo', { mm: part.cutMm })}</>}
                      {part.sizeMm && <> — {t('projects.cutToSize', part.sizeMm)}</>}
                      {!product && <em> ({t('projects.unavailable')})</em>}
                    </li>
                  ))}
                </ul>
                <p className="project__total">{t('projects.estimate', { total: money(total) })}</p>
                <button
                  type="button"
                  className="btn btn--primary"
                  disabled={busy !== null || items.length === 0}
                  onClick={() => {
                    setBusy(project.slug);
                    void actions
                      .add(items, title)
                      .catch(() => undefined)
                      .finally(() => setBusy(null));
                  }}
                >
                  {t('projects.addAll')}
                </button>
              </article>
            );
          })}
        </div>
      )}
    </div>
  );
}
