import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../ui/Button";
import type { QuizDraft } from "./draft";
import type { QuestionSummary } from "./setup";
import { useListFocus } from "./use-list-focus";

interface Props {
  draft: QuizDraft;
  update: (patch: Partial<QuizDraft>) => void;
  summaries: Map<number, QuestionSummary>;
  /** totalQuestion, when the teacher set one. */
  limit: number | null;
  disabled: boolean;
  onWarn: (text: string) => void;
}

/** The chosen questions in quiz order, with move up / down and remove (spec 5: at least one remains). */
export function SelectedQuestions({ draft, update, summaries, limit, disabled, onWarn }: Props) {
  const { t } = useTranslation("quizzes");
  const chosen = draft.selectedQuestions;
  const { groupRef, focusItem } = useListFocus<HTMLDivElement>();
  const textOf = (id: number) => summaries.get(id)?.questionText ?? `#${id}`;

  // What a screen reader hears after a move: where the question went (the buttons alone say nothing).
  const [moved, setMoved] = useState("");
  const move = (index: number, by: -1 | 1) => {
    const next = [...chosen];
    [next[index], next[index + by]] = [next[index + by], next[index]];
    update({ selectedQuestions: next });
    // Focus follows the question, on the same button while it can move on, else on the other one.
    const same = by === -1 ? "up" : "down";
    focusItem(index + by, [`[data-move="${same}"]`, `[data-move="${same === "up" ? "down" : "up"}"]`]);
    setMoved(t("wizard.pickQuestions.moved", { text: textOf(chosen[index]), position: index + by + 1, count: chosen.length }));
  };
  const remove = (id: number) => {
    if (chosen.length === 1 && draft.draws.length === 0) return onWarn(t("errors.atLeastOneQuestion"));
    update({ selectedQuestions: chosen.filter((x) => x !== id) });
    focusItem(chosen.indexOf(id));
  };

  return (
    <div ref={groupRef} className="quiz-wizard__selected">
      <h4 className="quiz-wizard__subtitle" aria-live="polite">
        {limit === null ? t("wizard.pickQuestions.chosen", { count: chosen.length }) : t("wizard.pickQuestions.chosenOf", { count: chosen.length, total: limit })}
      </h4>
      {chosen.length === 0 ? (
        <p className="quiz-wizard__note">{t("wizard.pickQuestions.noneChosen")}</p>
      ) : (
        <ol className="quiz-wizard__order">
          {chosen.map((id, index) => {
            const text = textOf(id);
            return (
              <li key={id} data-list-item>
                <span className="quiz-wizard__order-text">
                  <span className="quiz-wizard__order-number">{index + 1}.</span> {text}
                </span>
                {!disabled && (
                  <span className="quiz-wizard__order-actions">
                    <Button size="sm" variant="secondary" data-move="up" isDisabled={index === 0} onPress={() => move(index, -1)} aria-label={t("wizard.pickQuestions.up", { text })}>
                      ↑
                    </Button>
                    <Button size="sm" variant="secondary" data-move="down" isDisabled={index === chosen.length - 1} onPress={() => move(index, 1)} aria-label={t("wizard.pickQuestions.down", { text })}>
                      ↓
                    </Button>
                    <Button size="sm" variant="secondary" onPress={() => remove(id)} aria-label={t("wizard.pickQuestions.remove", { text })}>
                      ✕
                    </Button>
                  </span>
                )}
              </li>
            );
          })}
        </ol>
      )}
      <p className="ui-visually-hidden" role="status">
        {moved}
      </p>
    </div>
  );
}
