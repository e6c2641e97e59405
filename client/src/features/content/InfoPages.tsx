import { ROUTES } from '@domain/routes';
import { Link } from 'react-router-dom';
import { useT, type MessageId } from '../../i18n';
import { ContentPage } from './ContentPage';

interface Section {
  id: string;
  title: MessageId;
  text: MessageId;
  link?: { to: string; label: MessageId };
}

/** A page of titled sections (the store's own copy, in the message catalogues). */
function SectionsPage({ title, text, sections }: { title: MessageId; text: MessageId; sections: Section[] }) {
  const t = useT();
  return (
    <ContentPage title={title} text={text}>
      <div className="service-sections">
        {sections.map((s) => (
          <section key={s.id} id={s.id} className="service-section">
            <h2>{t(s.title)}</h2>
            <p>{t(s.text)}</p>
            {s.link && (
              <Link className="btn btn--outline-primary" to={s.link.to}>
                {t(s.link.label)}
              </Link>
            )}
          </section>
        ))}
      </div>
    </ContentPage>
  );
}

const request = { to: ROUTES.serviceRequest, label: 'services.request' } as const;

/** /services: what the shop makes, each linking to its page or the request form. */
export function ServicesPage() {
  return (
    <SectionsPage
      title="page.services.title"
      text="page.services.text"
      sections={[
        {
          id: 'extrusion',
          title: 'info.services.extrusionTitle',
          text: 'info.services.extrusionText',
          link: { to: ROUTES.extrusionServices, label: 'info.more' },
        },
        {
          id: 'linear',
          title: 'page.linearRailServices.title',
          text: 'page.linearRailServices.text',
          link: { to: ROUTES.linearRailServices, label: 'info.more' },
        },
        {
          id: 'request',
          title: 'info.services.requestTitle',
          text: 'info.services.requestText',
          link: request,
        },
      ]}
    />
  );
}

/** /services/linear-rail-services. */
export function LinearRailServicesPage() {
  return (
    <SectionsPage
      title="page.linearRailServices.title"
      text="page.linearRailServices.text"
      sections={[
        { id: 'rails', title: 'info.linear.railsTitle', text: 'info.linear.railsText', link: request },
        { id: 'screws', title: 'info.linear.screwsTitle', text: 'info.linear.screwsText', link: request },
        { id: 'axes', title: 'info.linear.axesTitle', text: 'info.linear.axesText', link: request },
      ]}
    />
  );
}

/** /about/terms. */
export function TermsPage() {
  return (
    <SectionsPage
      title="page.terms.title"
      text="page.terms.text"
      sections={(
        ['quotes', 'orders', 'payment', 'shipping', 'returns', 'warranty', 'liability'] as const
      ).map((id) => ({ id, title: `info.terms.${id}Title`, text: `info.terms.${id}Text` }))}
    />
  );
}

/** /about-us. */
export function AboutPage() {
  return (
    <SectionsPage
      title="page.about.title"
      text="page.about.text"
      sections={[
        { id: 'who', title: 'info.about.whoTitle', text: 'info.about.whoText' },
        { id: 'shop', title: 'info.about.shopTitle', text: 'info.about.shopText' },
        {
          id: 'contact',
          title: 'info.about.contactTitle',
          text: 'info.about.contactText',
          link: { to: ROUTES.contact, label: 'page.contact.title' },
        },
      ]}
    />
  );
}
