import { CTA_IMAGE } from '@domain/constants';
import { ROUTES } from '@domain/routes';
import { Link, useParams } from 'react-router-dom';
import { Breadcrumbs } from '../../../components/Breadcrumbs';
import { CategoryCard } from '../../../components/CategoryCard';
import { Skeleton } from '../../../components/Skeleton';
import { useT } from '../../../i18n';
import { usePageMeta } from '../../../lib/usePageMeta';
import { NotFoundContent } from '../../content';
import { ProductResults } from '../../search';
import { useCategory } from '../hooks';

/** Category cards for the children or, for a leaf category, its products with facets; the two call-to-action blocks. */
export function CategoryPage() {
  const t = useT();
  const handle = useParams()['*'] ?? '';
  const { category, loading } = useCategory(handle);
  usePageMeta(category?.name ?? (loading ? undefined : t('category.notFoundTitle')));

  if (loading)
    return (
      <div className="container section" aria-busy="true">
        <Skeleton rows={2} />
      </div>
    );
  if (!category)
    return <NotFoundContent title={t('category.notFoundTitle')} text={t('category.notFoundText')} />;

  return (
    <div className="container section">
      <Breadcrumbs trail={category.breadcrumbs} />
      <header className="page-header">
        <h1>{category.name}</h1>
        {category.subtitle && <p className="lead">{category.subtitle}</p>}
      </header>
      {category.children.length > 0 ? (
        <section aria-labelledby="subcategories">
          <h2 id="subcategories" className="visually-hidden">
            {t('category.subcategories', { name: category.name })}
          </h2>
          <div className="card-grid">
            {category.children.map((c) => (
              <CategoryCard key={c.id} category={c} />
            ))}
          </div>
        </section>
      ) : (
        <section aria-labelledby="category-products">
          <h2 id="category-products" className="visually-hidden">
            {t('category.productsTitle')}
          </h2>
          <ProductResults
            fixedCategory={category.handle}
            categoryNames={category.breadcrumbs.map((c) => c.name)}
          />
        </section>
      )}
      <div className="cta-row">
        <section className="cta">
          <h2>{t('cta.servicesTitle')}</h2>
          <p>{t('cta.servicesText')}</p>
          <Link className="btn btn--primary" to={ROUTES.extrusionServices}>
            {t('cta.servicesButton')} <span aria-hidden="true">→</span>
          </Link>
        </section>
        <section className="cta cta--ideas">
          <img
            src="/images/cta/project-ideas.svg"
            alt={t('cta.ideasImageAlt')}
            width={CTA_IMAGE.width}
            height={CTA_IMAGE.height}
            loading="lazy"
          />
          <div>
            <h2>{t('cta.ideasTitle')}</h2>
            <p>{t('cta.ideasPrompt')}</p>
            <Link className="btn btn--secondary" to={ROUTES.projectIdeas}>
              {t('cta.ideasButton')}
            </Link>
          </div>
        </section>
      </div>
    </div>
  );
}
