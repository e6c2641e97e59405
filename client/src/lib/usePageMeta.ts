import { BRAND } from '@domain/constants';
import { useEffect } from 'react';

/** Sets "{Page} | Axisline Supply" and the canonical link for the current page. */
export function usePageMeta(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} | ${BRAND.name}` : BRAND.name;
    let link = document.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'canonical';
      document.head.appendChild(link);
    }
    link.href = `${window.location.origin}${window.location.pathname}`;
  }, [title]);
}
