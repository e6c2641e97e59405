/**
 * The contract between the server and the shop's server-rendering entry (client/src/entry-server.tsx,
 * decision 018): the server hands over the request and a way to run GraphQL with the request's context; the
 * entry answers the page's markup and the Apollo cache it was rendered from.
 */
import type { Locale } from './constants';

/**
 * Id of the `<script type="application/json">` holding the rendered page's Apollo cache; its `data-rendered-at`
 * attribute is the instant the page was rendered at.
 */
export const SSR_STATE_ELEMENT_ID = 'apollo-state';

export interface GraphQLRequest {
  query: string;
  variables?: Record<string, unknown>;
  operationName?: string;
}

export interface GraphQLResponse {
  data?: Record<string, unknown> | null;
  errors?: readonly { message: string; extensions?: Record<string, unknown> }[];
}

export interface RenderRequest {
  /** Absolute URL of the page. */
  url: string;
  /** The request's Cookie header (locale, consent, storefront). */
  cookies: string;
  execute(request: GraphQLRequest): Promise<GraphQLResponse>;
}

export type Rendered =
  | {
      kind: 'page';
      html: string;
      state: unknown;
      /** The instant the page was rendered at (ms): its ship dates are on this clock until the browser's ticks. */
      renderedAt: number;
      locale: Locale;
      title: string | null;
      /** The site's name, for og:site_name: the same site the title names. */
      siteName: string | null;
      /** False when the page shows "not found" (an unknown product or category): the answer is a 404. */
      found: boolean;
    }
  | { kind: 'redirect'; status: number; location: string };

export interface ShopRenderer {
  render(request: RenderRequest): Promise<Rendered>;
}

/**
 * What a server-rendered page does with what the visitor does before its script has hydrated it (decision 018).
 * A submitted form is held: its fields would otherwise go out natively, to Formik's `action="#"` (a GET of the
 * page's own URL, with a password in it). A click on a script-driven button (`type="button"`: add to cart, a
 * quantity step) or a choice in a list (the footer's language) would do nothing, so it is recorded. All are
 * queued in `window[PENDING_ACTIONS]`, in order, and replayed by the shop once hydrated (`window[HYDRATED_FLAG]`),
 * after the text typed meanwhile has been handed to React. A form marked with NATIVE_SUBMIT_ATTRIBUTE (the header
 * search: an action and named fields) is sent natively. An inline script in the page's head, allowed by its hash
 * in the CSP.
 */
export const NATIVE_SUBMIT_ATTRIBUTE = 'data-native-submit';
export const HYDRATED_FLAG = '__axHydrated';
export const PENDING_ACTIONS = '__axPendingActions';
export const PRE_HYDRATION_GUARD =
  `(function(){var w=window,q=w.${PENDING_ACTIONS}=[],d=document;` +
  `d.addEventListener('submit',function(e){if(w.${HYDRATED_FLAG}||e.target.hasAttribute('${NATIVE_SUBMIT_ATTRIBUTE}'))return;` +
  `e.preventDefault();q.push([e.target,e.submitter])},true);` +
  `d.addEventListener('click',function(e){var b=!w.${HYDRATED_FLAG}&&e.target.closest&&e.target.closest('button[type=button]');` +
  `if(b)q.push([b,null])},true);` +
  `d.addEventListener('change',function(e){var s=e.target;if(!w.${HYDRATED_FLAG}&&s.tagName==='SELECT')q.push([s,s.value])},true)})()`;
