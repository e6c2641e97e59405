/**
 * The contract between the server and the shop's server-rendering entry (client/src/entry-server.tsx,
 * decision 018): the server hands over the request and a way to run GraphQL with the request's context; the
 * entry answers the page's markup and the Apollo cache it was rendered from.
 */
import type { Locale } from './constants';

/** Id of the `<script type="application/json">` holding the rendered page's Apollo cache. */
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
      locale: Locale;
      title: string | null;
      /** False when the page shows "not found" (an unknown product or category): the answer is a 404. */
      found: boolean;
    }
  | { kind: 'redirect'; status: number; location: string };

export interface ShopRenderer {
  render(request: RenderRequest): Promise<Rendered>;
}

/**
 * What a server-rendered page does with a form submitted before its script has hydrated it (decision 018):
 * it is held (its fields would otherwise go out natively, to Formik's `action="#"`: a GET of the page's own URL
 * with the password in it) and queued in `window[PENDING_SUBMITS]`; the shop replays the typed text through
 * React and submits the queued forms once hydrated (`window[HYDRATED_FLAG]`). A form marked with
 * NATIVE_SUBMIT_ATTRIBUTE (the header search: an action and named fields) is sent natively. An inline script in
 * the page's head, allowed by its hash in the CSP.
 */
export const NATIVE_SUBMIT_ATTRIBUTE = 'data-native-submit';
export const HYDRATED_FLAG = '__axHydrated';
export const PENDING_SUBMITS = '__axPendingSubmits';
export const PRE_HYDRATION_GUARD =
  `(function(){var q=window.${PENDING_SUBMITS}=[];document.addEventListener('submit',function(e){` +
  `if(window.${HYDRATED_FLAG}||e.target.hasAttribute('${NATIVE_SUBMIT_ATTRIBUTE}'))return;e.preventDefault();` +
  `q.push([e.target,e.submitter])},true)})()`;
