import { categoryPath, ROUTES } from '@domain/routes';
import type { MessageId } from '../../i18n';

export interface MenuLink {
  to: string;
  /** A message id, or a name that is already text (category names from the catalogue). */
  label: { id: MessageId } | { text: string };
}

export interface MenuSection {
  id: 'products' | 'services' | 'resources';
  label: MessageId;
  links: MenuLink[];
}

/** Main menu sections (spec section 2); Products comes from the parent-categories call. */
export function menuSections(categories: { handle: string; name: string }[]): MenuSection[] {
  return [
    {
      id: 'products',
      label: 'nav.products',
      links: [
        ...categories.map((c) => ({ to: categoryPath(c.handle), label: { text: c.name } })),
        { to: ROUTES.search, label: { id: 'nav.allProducts' } },
      ],
    },
    {
      id: 'services',
      label: 'nav.services',
      links: [
        { to: ROUTES.services, label: { id: 'services.all' } },
        { to: ROUTES.extrusionServices, label: { id: 'services.extrusion' } },
        { to: ROUTES.linearRailServices, label: { id: 'services.linearRail' } },
        { to: ROUTES.serviceRequest, label: { id: 'services.request' } },
      ],
    },
    {
      id: 'resources',
      label: 'nav.resources',
      links: [
        { to: ROUTES.cadDownloads, label: { id: 'resources.cad' } },
        { to: ROUTES.projectIdeas, label: { id: 'resources.projectIdeas' } },
        { to: ROUTES.shippingPolicy, label: { id: 'resources.shipping' } },
        { to: ROUTES.returnPolicy, label: { id: 'resources.returns' } },
        { to: ROUTES.terms, label: { id: 'resources.terms' } },
      ],
    },
  ];
}

export const TOP_LINKS: MenuLink[] = [
  { to: ROUTES.about, label: { id: 'nav.about' } },
  { to: ROUTES.contact, label: { id: 'nav.contact' } },
];
