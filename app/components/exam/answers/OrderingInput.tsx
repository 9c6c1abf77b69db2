import { useState } from "react";
import { useTranslation } from "react-i18next";
import { mathsAsText } from "../../maths/maths-as-text";
import { TextWithMaths } from "../../maths/TextWithMaths";
import { useMathsSay } from "../../maths/use-maths-say";
import { Button } from "../../ui/Button";
import type { AnswerInputProps } from "./answer-input";

/** The items in the answer's order, or as the attempt shuffled them while none is given. */
export function orderedItems<T extends { id: string }>(items: readonly T[], order: readonly string[]): T[] {
  if (order.length === 0) return [...items];
  const byId = new Map(items.map((item) => [item.id, item]));
  const placed = order.map((id) => byId.get(id)).filter((item): item is T => item !== undefined);
  return [...placed, ...items.filter((item) => !order.includes(item.id))];
}

/** The order after moving the item at `from` one place by `step` (-1 up, +1 down). */
export function moved(ids: readonly string[], from: number, step: -1 | 1): string[] {
  const to = from + step;
  if (to < 0 || to >= ids.length) return [...ids];
  const next = [...ids];
  [next[from], next[to]] = [next[to], next[from]];
  return next;
}

/**
 * Ordering: the items as a numbered list, each with "Move up" and "Move down" buttons (the
 * keyboard way, no dragging needed); a polite live region says where the moved item is now,
 * and the focus stays on the moved item's button. "Keep this order" answers with the order
 * shown, for a student who finds it already right. Sent as `{ order: [itemId, …] }`.
 */
export default function OrderingInput({ question, value, onAnswer, disabled, headingId }: AnswerInputProps) {
  const { t } = useTranslation("exam");
  const say = useMathsSay();
  const [said, setSaid] = useState("");
  const order = value && "order" in value ? value.order : [];
  const items = orderedItems(question.items ?? [], order);
  const ids = items.map((item) => item.id);
  // What a button's name and the announcement say of an item: an aria-label holds no MathML, so a formula's words.
  const wordsOf = (item: (typeof items)[number]) => (item.textHtml ? mathsAsText(item.textHtml, say) : item.text);
  const move = (from: number, step: -1 | 1) => {
    const next = moved(ids, from, step);
    onAnswer({ order: next });
    const position = from + step + 1;
    setSaid(t("types.ordering.moved", { item: wordsOf(items[from]), position, total: items.length }));
    // The moved item's own button keeps the focus where the item now is (the other one at the list's end).
    const [same, other] = step < 0 ? ["up", "down"] : ["down", "up"];
    requestAnimationFrame(() => {
      const button = document.getElementById(`${same}-${headingId}-${items[from].id}`);
      (button && !button.hasAttribute("disabled") ? button : document.getElementById(`${other}-${headingId}-${items[from].id}`))?.focus();
    });
  };
  return (
    <fieldset className="exam-answer exam-ordering" aria-describedby={headingId} disabled={disabled}>
      <legend>{t("types.ordering.legend")}</legend>
      <ol className="exam-ordering__list">
        {items.map((item, index) => (
          <li key={item.id} className="exam-ordering__item">
            <TextWithMaths className="exam-ordering__text" text={item.text} html={item.textHtml} />
            <span className="exam-ordering__moves">
              <Button id={`up-${headingId}-${item.id}`} variant="secondary" isDisabled={disabled || index === 0} aria-label={t("types.ordering.moveUpItem", { item: wordsOf(item) })} onPress={() => move(index, -1)}>
                {t("types.ordering.moveUp")}
              </Button>
              <Button
                id={`down-${headingId}-${item.id}`}
                variant="secondary"
                isDisabled={disabled || index === items.length - 1}
                aria-label={t("types.ordering.moveDownItem", { item: wordsOf(item) })}
                onPress={() => move(index, 1)}
              >
                {t("types.ordering.moveDown")}
              </Button>
            </span>
          </li>
        ))}
      </ol>
      {order.length === 0 && !disabled && (
        <Button variant="secondary" onPress={() => onAnswer({ order: ids })}>
          {t("types.ordering.keep")}
        </Button>
      )}
      <p className="ui-visually-hidden" aria-live="polite">
        {said}
      </p>
    </fieldset>
  );
}
