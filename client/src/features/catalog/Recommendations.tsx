import { useQuery } from '@apollo/client/react';
import { DEFAULT_CURRENCY, PLACEHOLDER_IMAGE } from '@domain/constants';
import { productPath } from '@domain/routes';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { RecommendationsDocument } from '../../gql/graphql';
import { useT, type MessageId } from '../../i18n';

/**
 * Products to suggest: the most wanted of the categories (a product page: its own category, the product left
 * out; the home page: the top-level categories, as featured products).
 */
export function Recommendations({
  categories,
  exclude,
  title = 'product.recommendations',
}: {
  categories: string[];
  exclude?: string;
  title?: MessageId;
}) {
  const t = useT();
  const intl = useIntl();
  const { data } = useQuery(RecommendationsDocument, {
    variables: { categories },
    skip: categories.length === 0,
  });
  const products = (data?.recommendations ?? []).filter((p) => p.id !== exclude).slice(0, 8);
  if (products.length === 0) return null;
  return (
    <section className="recommendations" aria-labelledby="recommendations-title">
      <h2 id="recommendations-title">{t(title)}</h2>
      <ul className="tile-grid">
        {products.map((p) => (
          <li key={p.id}>
            <Link className="tile" to={productPath(p.id)}>
              <img src={p.images[0] || PLACEHOLDER_IMAGE} alt="" width={200} height={200} loading="lazy" />
              <span className="tile__name">{p.name}</span>
              <span className="tile__id">{p.id}</span>
              <span className="tile__price">
                {p.price === null || p.price === undefined
                  ? t('product.quoteOnly')
                  : intl.formatNumber(p.price, {
                      style: 'currency',
                      currency: DEFAULT_CURRENCY.toUpperCase(),
                    })}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
