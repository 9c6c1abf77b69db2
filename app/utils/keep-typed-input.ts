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
 *
 * Checkboxes and radio buttons likewise (issue 25): the registration's terms box ticked
 * before hydration was unticked by React's first render (its state said no), so Submit
 * stayed disabled (`hydrated && !accepted`) with the user sure they had ticked it. A box or
 * radio the user changed from the server's state is clicked once more after hydration, from
 * the other state, so React hears the change and its state matches the choice.
 */
const TEXTUAL = new Set(["text", "email", "password", "search", "tel", "url", "number"]);

type Field = HTMLInputElement | HTMLTextAreaElement;

const typed = new Map<Field, string>();
/** Checkboxes and radio buttons the user changed before hydration, with the state they chose. */
const chosen = new Map<HTMLInputElement, boolean>();

const isTextual = (element: EventTarget | null): element is Field =>
  element instanceof HTMLTextAreaElement || (element instanceof HTMLInputElement && TEXTUAL.has(element.type));

const isCheckable = (element: EventTarget | null): element is HTMLInputElement =>
  element instanceof HTMLInputElement && (element.type === "checkbox" || element.type === "radio");

export function keepTypedInput(): void {
  const root = document.documentElement;
  if (!root.hasAttribute("data-hydrating")) return;
  for (const field of document.querySelectorAll("input, textarea")) {
    if (isTextual(field) && field.value !== field.defaultValue) typed.set(field, field.value);
    if (isCheckable(field) && field.checked !== field.defaultChecked) noteChoice(field);
  }
  const note = (event: Event) => {
    if (isTextual(event.target)) typed.set(event.target, event.target.value);
    else if (isCheckable(event.target)) noteChoice(event.target);
  };
  document.addEventListener("input", note, true);
  document.addEventListener("change", note, true);
  const observer = new MutationObserver(() => {
    if (root.hasAttribute("data-hydrating")) return;
    observer.disconnect();
    document.removeEventListener("input", note, true);
    document.removeEventListener("change", note, true);
    for (const [field, value] of typed) restore(field, value);
    typed.clear();
    for (const [field, checked] of chosen) restoreChoice(field, checked);
    chosen.clear();
  });
  observer.observe(root, { attributes: true, attributeFilter: ["data-hydrating"] });
}

function restore(field: Field, value: string): void {
  if (!field.isConnected || field.value === value) return;
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, "value")?.set?.call(field, value);
  field.dispatchEvent(new Event("input", { bubbles: true }));
}

/**
 * Notes the box's state. Of a radio group only the radio checked last is noted: checking it
 * unchecked the others without an event, and clicking it again unchecks them again.
 */
function noteChoice(field: HTMLInputElement): void {
  if (field.type === "radio") {
    if (!field.checked) return;
    for (const other of chosen.keys()) if (other.type === "radio" && other.name === field.name && other.form === field.form) chosen.delete(other);
  }
  chosen.set(field, field.checked);
}

/**
 * React's state is the server's (`defaultChecked`): a choice that differs is made again. The
 * box is first put in the other state through the element's own `checked` (React tracks it
 * there), then clicked, so React sees a change whatever its first render did to the box, and
 * its onChange sets the state the user chose (a click on a radio only checks it).
 */
function restoreChoice(field: HTMLInputElement, checked: boolean): void {
  if (!field.isConnected || field.disabled || checked === field.defaultChecked) return;
  field.checked = !checked;
  field.click();
}
