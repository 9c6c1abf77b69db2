import { useTranslation } from "react-i18next";
import { Button } from "react-aria-components";
import type { AnswerState } from "./navigation";

interface Props {
  states: AnswerState[];
  /** Whether the student may go to the question at this index (spec 4's navigation rules). */
  isAllowed: (index: number) => boolean;
  onGo: (index: number) => void;
  current?: number;
}

/**
 * The numbered question buttons with each question's answer state (spec 4: empty, yes, no,
 * not). Buttons of questions the rules close are disabled, and each says why in its name.
 */
export function QuestionNavigator({ states, isAllowed, onGo, current }: Props) {
  const { t } = useTranslation("exam");
  return (
    <nav className="exam-nav" aria-label={t("nav.label")}>
      <ol className="exam-nav__list">
        {states.map((state, index) => (
          <li key={index}>
            <Button
              className={`exam-nav__item exam-nav__item--${state}`}
              isDisabled={!isAllowed(index)}
              aria-current={current === index ? "step" : undefined}
              aria-label={t("nav.item", { number: index + 1, state: t(`nav.state.${state}`) })}
              onPress={() => onGo(index)}
            >
              {index + 1}
            </Button>
          </li>
        ))}
      </ol>
    </nav>
  );
}
