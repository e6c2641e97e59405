import { HYDRATED_FLAG, PENDING_SUBMITS } from '@domain/ssr';
import { useEffect } from 'react';

type Submit = [HTMLFormElement, HTMLElement | null];
type GuardedWindow = Window & { [HYDRATED_FLAG]?: boolean; [PENDING_SUBMITS]?: Submit[] };

/**
 * Hands React what the shopper typed into the server-rendered markup before it hydrated. Hydration leaves the
 * text on screen but the component's state empty, so a form would be sent without it. A field whose value differs
 * from the one it was rendered with (its default) is replayed as the browser would report typing: React's value
 * tracker is set back to the rendered value, then the typed value arrives with an input event. A checkbox the
 * shopper changed is set back and clicked.
 */
export function replayTypedFields(root: ParentNode): void {
  const setter = (proto: object) => Object.getOwnPropertyDescriptor(proto, 'value')!.set!;
  const nativeValue = setter(HTMLInputElement.prototype);
  const nativeTextValue = setter(HTMLTextAreaElement.prototype);
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
    const type = field instanceof HTMLInputElement ? field.type : 'textarea';
    if (type === 'checkbox' || type === 'radio') {
      // A radio the shopper left unchecked was unchecked by the one they chose, which is replayed.
      const input = field as HTMLInputElement;
      if (input.checked === input.defaultChecked || (type === 'radio' && !input.checked)) continue;
      input.checked = input.defaultChecked;
      input.click();
    } else if (!UNTYPED.has(type) && field.value !== field.defaultValue) {
      const typed = field.value;
      field.value = field.defaultValue;
      (type === 'textarea' ? nativeTextValue : nativeValue).call(field, typed);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
  }
}

/** Inputs whose value is not text the shopper typed (a file's cannot even be set). */
const UNTYPED = new Set(['file', 'hidden', 'submit', 'reset', 'button', 'image']);

/**
 * Marks the page hydrated and sends the forms the pre-hydration guard (domain/ssr.ts) held, each once, with the
 * button that submitted it, after the replayed text has rendered. Placed in the boundary of the page's content,
 * whose forms hydrate last.
 */
export function PreHydrationReplay() {
  useEffect(() => {
    const win = window as GuardedWindow;
    if (win[HYDRATED_FLAG]) return;
    win[HYDRATED_FLAG] = true;
    replayTypedFields(document.getElementById('root') ?? document);
    const held = new Map(win[PENDING_SUBMITS] ?? []);
    win[PENDING_SUBMITS] = [];
    if (held.size === 0) return;
    setTimeout(() => {
      for (const [form, submitter] of held) {
        if (form.isConnected)
          form.requestSubmit(submitter && form.contains(submitter) ? submitter : undefined);
      }
    });
  }, []);
  return null;
}
