import { useQuery } from '@apollo/client/react';
import { CardPriceOf } from '../../components/Price';
import { StockLine } from '../../components/StockLine';
import { PLACEHOLDER_IMAGE } from '@domain/constants';
import { productPath } from '@domain/routes';
import { Link } from 'react-router-dom';
import { RecommendationsDocument } from './graphql/catalog.generated';
import { useCatalogLang, useT, type MessageId } from '../../i18n';

/**
 * Products to suggest (decision 016): on a product page, those seen and bought with it first, then the most
 * wanted of its category; on the home page, the most wanted of the top-level categories, as featured products.
 */
export function Recommendations({
  categories,
  productId,
  title = 'product.recommendations',
}: {
  categories: string[];
  /** The product looked at: the server leaves it out and ranks what goes with it first. */
  productId?: string;
  title?: MessageId;
}) {
  const t = useT();
  const catalogLang = useCatalogLang();
  const { data } = useQuery(RecommendationsDocument, {
    variables: { categories, productId },
    skip: categories.length === 0,
  });
  const products = (data?.recommendations ?? []).slice(0, 8);
  if (products.length === 0) return null;
  return (
    <section className="recommendations" aria-labelledby="recommendations-title">
      <h2 id="recommendations-title">{t(title)}</h2>
      <ul className="tile-grid">
        {products.map((p) => (
          <li key={p.id}>
            <Link className="tile" to={productPath(p.id)}>
              <img src={p.images[0] || PLACEHOLDER_IMAGE} alt="" width={200} height={200} loading="lazy" />
              <span className="tile__name" lang={catalogLang}>
                {p.name}
              </span>
              <span className="tile__id">{p.id}</span>
              <span className="tile__price">
                <CardPriceOf product={p} />
              </span>
              <StockLine orderable={p.orderable} as="span" />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
