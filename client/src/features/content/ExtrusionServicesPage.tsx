import { ROUTES } from '@domain/routes';
import { Link } from 'react-router-dom';
import { useT, type MessageId } from '../../i18n';
import { ContentPage } from './ContentPage';

const SECTIONS: { id: string; title: MessageId; text: MessageId }[] = [
  { id: 'design', title: 'services.design', text: 'page.extrusionServices.designText' },
  { id: 'cutting-and-machining', title: 'services.cutting', text: 'page.extrusionServices.cuttingText' },
  { id: 'assembly', title: 'services.assembly', text: 'page.extrusionServices.assemblyText' },
];

/** The services banner's three buttons land on these anchors. */
export function ExtrusionServicesPage() {
  const t = useT();
  return (
    <ContentPage title="page.extrusionServices.title" text="page.extrusionServices.text">
      <div className="service-sections">
        {SECTIONS.map((s) => (
          <section key={s.id} id={s.id} className="service-section">
            <h2>{t(s.title)}</h2>
            <p>{t(s.text)}</p>
            <Link className="btn btn--outline-primary" to={ROUTES.serviceRequest}>
              {t('services.request')}
            </Link>
          </section>
        ))}
      </div>
    </ContentPage>
  );
}
