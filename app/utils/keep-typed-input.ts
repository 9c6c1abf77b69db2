/**
 * A server-drawn page is usable at its first paint (ADR 0050): a student may type into the
 * sign-in form before React has hydrated it. React then draws each field from its own state,
 * the server's (empty), and what was typed vanished: a phone's slow hydration made it likely,
 * and the sign-in answered "E-mail is required" for a field the user had filled in.
 *
 * From the moment this script runs until the page has hydrated, the latest value of every
 * text field is noted. Then a field that no longer shows what was typed gets it back through
 * the input's own value setter and an `input` event, which React hears as typing, so its
 * state and the screen agree. Fields are drawn with the page, never in a lazily loaded part
 * (that part would hydrate later, or be drawn again as a new element). Browser only.
 */
const TEXTUAL = new Set(["text", "email", "password", "search", "tel", "url", "number"]);

type Field = HTMLInputElement | HTMLTextAreaElement;

const typed = new Map<Field, string>();

const isTextual = (element: EventTarget | null): element is Field =>
  element instanceof HTMLTextAreaElement || (element instanceof HTMLInputElement && TEXTUAL.has(element.type));

export function keepTypedInput(): void {
  const root = document.documentElement;
  if (!root.hasAttribute("data-hydrating")) return;
  for (const field of document.querySelectorAll("input, textarea")) {
    if (isTextual(field) && field.value !== field.defaultValue) typed.set(field, field.value);
  }
  const note = (event: Event) => {
    if (isTextual(event.target)) typed.set(event.target, event.target.value);
  };
  document.addEventListener("input", note, true);
  const observer = new MutationObserver(() => {
    if (root.hasAttribute("data-hydrating")) return;
    observer.disconnect();
    document.removeEventListener("input", note, true);
    for (const [field, value] of typed) restore(field, value);
    typed.clear();
  });
  observer.observe(root, { attributes: true, attributeFilter: ["data-hydrating"] });
}

function restore(field: Field, value: string): void {
  if (!field.isConnected || field.value === value) return;
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, "value")?.set?.call(field, value);
  field.dispatchEvent(new Event("input", { bubbles: true }));
}
