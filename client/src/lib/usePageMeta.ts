import { useEffect } from 'react';
import { useServerPage } from './serverPage';
import { useSite } from './site';

/**
 * Sets "{Page} | {site name}" (Axisline Supply on the store's own), og:site_name to the same site, and the canonical
 * link for the current page.
 */
export function usePageMeta(title: string | undefined): void {
  const { name } = useSite();
  const full = title ? `${title} | ${name}` : name;
  useServerPage()?.title(full, name);
  useEffect(() => {
    document.title = full;
    document.querySelector('meta[property="og:site_name"]')?.setAttribute('content', name);
    let link = document.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'canonical';
      document.head.appendChild(link);
    }
    link.href = `${window.location.origin}${window.location.pathname}`;
  }, [full, name]);
}
