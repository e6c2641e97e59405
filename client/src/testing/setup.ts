import { configure } from '@testing-library/react';
/** Browser APIs jsdom lacks (the fetch API comes from jsdom-env.js). */

if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

if (!('ResizeObserver' in globalThis)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.assign(globalThis, { ResizeObserver: ResizeObserverStub });
}

// A busy machine (CI runs the three projects side by side on 2 cores) can take seconds to render a console page
// with its table: waits for what a person would see end when it shows, or after this long.
configure({ asyncUtilTimeout: 10_000 });
