import { ROUTES } from '@domain/routes';
import { Link } from 'react-router-dom';
import { useT } from '../i18n';

/** The services banner of spec section 2, with its three buttons to the service anchors. */
export function ServicesBanner() {
  const t = useT();
  const base = ROUTES.extrusionServices;
  return (
    <section className="services-banner">
      <div className="container">
        <p className="services-banner__text">{t('home.servicesBanner')}</p>
        <div className="services-banner__buttons">
          <Link className="btn btn--secondary" to={`${base}#design`}>
            {t('services.design')}
          </Link>
          <Link className="btn btn--secondary" to={`${base}#cutting-and-machining`}>
            {t('services.cutting')}
          </Link>
          <Link className="btn btn--secondary" to={`${base}#assembly`}>
            {t('services.assembly')}
          </Link>
        </div>
      </div>
    </section>
  );
}
