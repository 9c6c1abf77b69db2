/**
 * A server-drawn page is usable at its first paint (ADR 0050): a student may type into the
 * sign-in form before React has hydrated it. React then draws each field from its own state,
 * the server's (empty), and what was typed vanished: a phone's slow hydration made it likely,
 * and the sign-in answered "E-mail is required" for a field the user had filled in.
 *
 * From the moment this script runs, the latest value of every text field is noted, until
 * a while after the page has hydrated (a lazily loaded part, such as the quiz password's
 * field, hydrates later). Once the page has hydrated, and again as each text field mounts
 * (`restoreTypedValue`, called by ui/TextField and ui/PasswordField), a field that no longer
 * shows what was typed gets it back through the input's own value setter and an `input`
 * event, which React hears as typing, so its state and the screen agree. Browser only.
 */
const TEXTUAL = new Set(["text", "email", "password", "search", "tel", "url", "number"]);
/** How long after hydration late-hydrating parts may still meet typed text. */
const NOTE_AFTER_HYDRATION_MS = 10_000;

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
    for (const field of typed.keys()) restoreNow(field);
    setTimeout(() => {
      document.removeEventListener("input", note, true);
      typed.clear();
    }, NOTE_AFTER_HYDRATION_MS);
  });
  observer.observe(root, { attributes: true, attributeFilter: ["data-hydrating"] });
}

/**
 * Gives `field` back what was typed into it before React took it over, if it lost it. As a
 * ref it runs while React commits the field; the input event is sent once the commit is
 * over (a microtask later), when React handles it as typing.
 */
export function restoreTypedValue(field: Field | null): void {
  if (field) queueMicrotask(() => restoreNow(field));
}

function restoreNow(field: Field): void {
  const value = typed.get(field);
  if (value === undefined || !field.isConnected || field.value === value) return;
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, "value")?.set?.call(field, value);
  field.dispatchEvent(new Event("input", { bubbles: true }));
}
