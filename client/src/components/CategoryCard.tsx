import { PLACEHOLDER_IMAGE } from '@domain/constants';
import { categoryPath } from '@domain/routes';
import { Link } from 'react-router-dom';
import { useT } from '../i18n';

/** Title, subtitle and a Shop Now button with an arrow. */
export function CategoryCard({
  category,
}: {
  category: { handle: string; name: string; subtitle?: string | null; image?: string | null };
}) {
  const t = useT();
  return (
    <article className="category-card">
      <img src={category.image || PLACEHOLDER_IMAGE} alt="" width="160" height="160" loading="lazy" />
      <div className="category-card__body">
        <h3>{category.name}</h3>
        {category.subtitle && <p>{category.subtitle}</p>}
        <Link to={categoryPath(category.handle)} className="btn btn--primary category-card__cta">
          {t('category.shopNow')} <span aria-hidden="true">→</span>
          <span className="visually-hidden">: {category.name}</span>
        </Link>
      </div>
    </article>
  );
}
