import { quotePath } from '@domain/routes';
import { ProductPrice } from '../../../components/Price';
import { StockLine } from '../../../components/StockLine';
import { WarehouseStock } from '../../../components/ShipDate';
import { PLACEHOLDER_IMAGE } from '@domain/constants';
import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router-dom';
import { Breadcrumbs } from '../../../components/Breadcrumbs';
import { CadFileLinks } from '../../../components/CadFileLinks';
import { Skeleton } from '../../../components/Skeleton';
import { useCatalogLang, useMessage, useT, useTextLang } from '../../../i18n';
import { addressRules } from '@domain/regions';
import { usePageMeta } from '../../../lib/usePageMeta';
import { NotFoundContent } from '../../content';
import { BackInStockForm } from '../BackInStockForm';
import { QuantityAddToCart } from '../../cart';
import { Configurator } from '../Configurator';
import { Recommendations } from '../Recommendations';
import { useProduct } from '../hooks';
import { useTrackView } from '../../../lib/analytics';
import { useShipsTo, useSite } from '../../../lib/site';

/** Product detail: id is the URL-encoded part number (it may contain "/"). */
export function ProductPage() {
  const t = useT();
  const catalogLang = useCatalogLang();
  const textLang = useTextLang();
  const intl = useIntl();
  const raw = useParams()['*'] ?? '';
  const id = safeDecode(raw);
  const { product, loading } = useProduct(id);
  usePageMeta(product?.name ?? (loading ? undefined : t('product.notFoundTitle')));
  const site = useSite();
  const message = useMessage();
  const country = useShipsTo();
  useTrackView(
    product?.id ?? '',
    product
      ? {
          type: 'product-view',
          item: {
            id: product.id,
            name: product.name,
            price: product.price,
            categories: product.category.breadcrumbs.map((c) => c.name),
          },
          currency: site.currency,
        }
      : null,
  );

  if (loading)
    return (
      <div className="container section" aria-busy="true">
        <Skeleton rows={3} />
      </div>
    );
  if (!product)
    return <NotFoundContent title={t('product.notFoundTitle')} text={t('product.notFoundText', { id })} />;

  return (
    <div className="container section">
      <Breadcrumbs trail={product.category.breadcrumbs} current={product.name} />
      <div className="product">
        <div className="product__media">
          <img
            src={product.images[0] || PLACEHOLDER_IMAGE}
            alt={t('product.imageAlt', { name: product.name })}
            width="480"
            height="480"
            // The page's largest paint: fetched ahead of the page's other images.
            fetchPriority="high"
            onError={(e) => {
              e.currentTarget.src = PLACEHOLDER_IMAGE;
            }}
          />
        </div>
        <div className="product__summary">
          <h1 lang={catalogLang}>{product.name}</h1>
          <dl className="product__ids">
            <div>
              <dt>{t('product.partNumber')}</dt>
              <dd data-testid="part-number">{product.id}</dd>
            </div>
            <div>
              <dt>{t('product.brand')}</dt>
              <dd>{product.brand.name}</dd>
            </div>
            {product.manufacturerPartNumber && (
              <div>
                <dt>{t('product.mpn')}</dt>
                <dd>{product.manufacturerPartNumber}</dd>
              </div>
            )}
          </dl>
          <div className="product__price">
            {product.price === null || product.price === undefined ? (
              <>
                <p className="price price--quote">{t('product.quoteOnly')}</p>
                <Link className="btn btn--primary" to={quotePath(`${product.id} — ${product.name}`)}>
                  {t('product.requestQuote')}
                </Link>
              </>
            ) : (
              <ProductPrice product={product} />
            )}
          </div>
          {product.soldOnSite ? (
            <>
              <StockLine orderable={product.orderable} />
              <WarehouseStock stock={product.stock} />
              {!product.inStock && <BackInStockForm itemId={product.id} />}
            </>
          ) : (
            // A part the site's country cannot receive (decision 057): no stock line, no Add to Cart.
            <p className="stock stock--back" data-testid="not-sold">
              {message(addressRules(country).notSold)}
            </p>
          )}
          <p className="product__description" lang={textLang(product.descriptionLang)}>
            {product.description}
          </p>
          {product.soldOnSite &&
            product.price !== null &&
            product.price !== undefined &&
            (product.configurationOptions.length > 0 ? (
              <Configurator product={product} />
            ) : (
              <QuantityAddToCart product={product} />
            ))}
        </div>
      </div>
      <div className="product__details">
        {product.attributes.length > 0 && (
          <section>
            <h2>{t('product.specs')}</h2>
            <table className="specs">
              <tbody>
                {product.attributes.map((a) => (
                  <tr key={a.name}>
                    <th scope="row">{a.name}</th>
                    <td>{a.value}</td>
                  </tr>
                ))}
                {product.weightKg !== null && product.weightKg !== undefined && (
                  <tr>
                    <th scope="row">{t('product.weight')}</th>
                    <td>{intl.formatNumber(product.weightKg, { style: 'unit', unit: 'kilogram' })}</td>
                  </tr>
                )}
              </tbody>
            </table>
          </section>
        )}
        {product.cadFiles.length > 0 && (
          <section>
            <h2>{t('product.cad')}</h2>
            <CadFileLinks files={product.cadFiles} />
          </section>
        )}
      </div>
      <Recommendations categories={[product.category.handle]} productId={product.id} />
    </div>
  );
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
