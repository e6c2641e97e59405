import { SSR_STATE_ELEMENT_ID } from '@domain/ssr';
import './app/styles.css';

/**
 * The browser entry. A server-rendered page is complete without script (decision 018: its forms are held until
 * hydration, the header search is a plain form), so the shop's script is fetched after the first paint and does
 * not compete with what the page shows; without server rendering (the dev server) it starts at once.
 */
const load = () => void import('./start').then(({ start }) => start());
if (document.getElementById(SSR_STATE_ELEMENT_ID)) requestAnimationFrame(() => setTimeout(load));
else load();
