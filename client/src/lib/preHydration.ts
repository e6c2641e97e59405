import { HYDRATED_FLAG, PENDING_ACTIONS } from '@domain/ssr';
import { useEffect } from 'react';

/**
 * A held submit (the form and the button that sent it), a recorded click on a script-driven button, or a choice
 * made in a list (the value chosen).
 */
type Action = [HTMLFormElement, HTMLElement | null] | [HTMLButtonElement, null] | [HTMLSelectElement, string];
type GuardedWindow = Window & { [HYDRATED_FLAG]?: boolean; [PENDING_ACTIONS]?: Action[] };

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
 * Marks the page hydrated and replays what the pre-hydration guard (domain/ssr.ts) queued: the choices made in
 * lists with the typed text, then in order, once that has rendered, each held form submitted once (with the
 * button that sent it) and each recorded button clicked again. Placed in the boundary of the page's content,
 * whose forms hydrate last.
 */
export function PreHydrationReplay() {
  useEffect(() => {
    const win = window as GuardedWindow;
    if (win[HYDRATED_FLAG]) return;
    win[HYDRATED_FLAG] = true;
    replayTypedFields(document.getElementById('root') ?? document);
    // Hydrated for an event in flight (React hydrates a boundary synchronously for a click or submit on it, then
    // dispatches the event to it): React handles it, and it stands for the earlier ones on the same element.
    const inFlight = window.event?.target;
    const queued = (win[PENDING_ACTIONS] ?? []).filter(
      ([target]) => !(inFlight instanceof Node && target.contains(inFlight)),
    );
    win[PENDING_ACTIONS] = [];
    // Choices first, with the typed text; then, once that has rendered, submits and clicks.
    for (const [target, chosen] of queued) {
      if (target instanceof HTMLSelectElement && target.isConnected && typeof chosen === 'string') {
        target.value = chosen;
        target.dispatchEvent(new Event('change', { bubbles: true }));
      }
    }
    const acts = queued.filter(([target]) => !(target instanceof HTMLSelectElement));
    if (acts.length === 0) return;
    setTimeout(() => {
      const submitted = new Set<HTMLFormElement>();
      for (const [target, submitter] of acts) {
        if (!target.isConnected) continue;
        if (target instanceof HTMLButtonElement) target.click();
        else if (target instanceof HTMLFormElement && !submitted.has(target)) {
          submitted.add(target);
          target.requestSubmit(
            submitter instanceof HTMLElement && target.contains(submitter) ? submitter : undefined,
          );
        }
      }
    });
  }, []);
  return null;
}
