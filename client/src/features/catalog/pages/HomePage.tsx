import { ROUTES } from '@domain/routes';
import { Link } from 'react-router-dom';
import { CategoryCard } from '../../../components/CategoryCard';
import { ServicesBanner } from '../../../components/ServicesBanner';
import { Recommendations } from '../Recommendations';
import { useT } from '../../../i18n';
import { useTrackView } from '../../../lib/analytics';
import { usePageMeta } from '../../../lib/usePageMeta';
import { useParentCategories } from '../hooks';

const HOME_VIEW = { type: 'home-view' } as const;

export function HomePage() {
  const t = useT();
  usePageMeta(t('home.title'));
  useTrackView('home', HOME_VIEW);
  const { categories, loading } = useParentCategories();
  return (
    <>
      <section className="hero">
        <div className="container hero__inner">
          <h1>{t('home.heroTitle')}</h1>
          <p>{t('home.heroText')}</p>
          <div className="actions">
            <Link className="btn btn--primary btn--large" to={ROUTES.search}>
              {t('home.heroCta')}
            </Link>
            <Link className="btn btn--outline-secondary btn--large" to={ROUTES.services}>
              {t('home.heroSecondary')}
            </Link>
          </div>
        </div>
      </section>
      <section className="container section" aria-labelledby="home-categories">
        <h2 id="home-categories">{t('home.categoriesTitle')}</h2>
        {loading ? (
          <div className="card-grid" aria-busy="true">
            {Array.from({ length: 6 }, (_, i) => (
              <div key={i} className="category-card category-card--loading" />
            ))}
          </div>
        ) : categories.length === 0 ? (
          <p>{t('home.categoriesEmpty')}</p>
        ) : (
          <div className="card-grid" data-testid="top-categories">
            {categories.map((c) => (
              <CategoryCard key={c.id} category={c} />
            ))}
          </div>
        )}
      </section>
      <ServicesBanner />
      <div className="container section">
        <Recommendations categories={categories.map((c) => c.handle)} title="home.featured" />
      </div>
    </>
  );
}
