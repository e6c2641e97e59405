import { useEffect } from 'react';
import { useServerPage } from './serverPage';
import { useSite } from './site';

/** Sets "{Page} | {site name}" (Axisline Supply on the store's own) and the canonical link for the current page. */
export function usePageMeta(title: string | undefined): void {
  const { name } = useSite();
  const full = title ? `${title} | ${name}` : name;
  useServerPage()?.title(full);
  useEffect(() => {
    document.title = full;
    let link = document.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'canonical';
      document.head.appendChild(link);
    }
    link.href = `${window.location.origin}${window.location.pathname}`;
  }, [full]);
}
