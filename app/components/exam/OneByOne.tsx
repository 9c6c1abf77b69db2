import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../ui/Alert";
import { Button } from "../ui/Button";
import { postJson } from "./exam-api";
import type { LocalAnswer, StartedExam } from "./exam-types";
import { QuestionCard } from "./QuestionCard";

interface Checked {
  answerStatus: "yes" | "no";
  correctOptionIds?: number[];
  answerExplaination?: string;
}

interface Props {
  exam: StartedExam;
  valueOf: (questionId: number) => LocalAnswer;
  setAnswer: (questionId: number, value: LocalAnswer) => void;
  onFinish: () => void;
}

/**
 * One question at a time (spec 4): Check makes the answer final and shows right or wrong,
 * with the explanation (answerOne); Next moves on, Skip only when the quiz allows it.
 * Questions checked in an earlier visit come back as checked.
 */
export function OneByOne({ exam, valueOf, setAnswer, onFinish }: Props) {
  const { t } = useTranslation("exam");
  const [index, setIndex] = useState(0);
  const [checked, setChecked] = useState<Record<number, Checked>>(() =>
    Object.fromEntries(exam.savedAnswers.filter((a) => a.answerStatus === "no" || a.answerStatus === "yes").map((a) => [a.questionId, { answerStatus: a.answerStatus as "yes" | "no" }])),
  );
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const question = exam.questions[index];
  const result = checked[question.id];
  const last = index === exam.questions.length - 1;
  const value = valueOf(question.id);

  async function check() {
    setBusy(true);
    const answer = await postJson<Checked>("/takeQuiz/answerOne", { takenQuizId: exam.takenQuizId, questionId: question.id, optionType: question.optionType, answer: value.answer });
    setBusy(false);
    if (answer.ok) setChecked((now) => ({ ...now, [question.id]: answer.data }));
    else setError(answer.offline ? t("finish.offline") : answer.message);
  }

  const next = () => (last ? onFinish() : setIndex(index + 1));

  return (
    <div className="exam__one">
      <QuestionCard question={question} number={index + 1} total={exam.questions.length} value={value} onChange={(v) => setAnswer(question.id, v)} locked={Boolean(result)} />
      {error && (
        <Alert variant="danger" onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      {result && (
        <div className={`exam-check exam-check--${result.answerStatus}`} role="status">
          <p className="exam-check__verdict">{result.answerStatus === "yes" ? t("check.right") : t("check.wrong")}</p>
          {result.correctOptionIds && (
            <p>
              {t("check.rightAnswer")}{" "}
              {question.options
                .filter((o) => result.correctOptionIds!.includes(o.id))
                .map((o) => o.optionText)
                .join(", ")}
            </p>
          )}
          {/* Sanitised on the server when stored (ADR 0014), like every explanation shown. */}
          {result.answerExplaination && <div className="exam-check__explanation" dangerouslySetInnerHTML={{ __html: result.answerExplaination }} />}
        </div>
      )}
      <div className="exam__nav">
        {!result && (
          <Button variant="primary" onPress={check} isDisabled={value.answer.length === 0 || busy}>
            {t("check.button")}
          </Button>
        )}
        {!result && exam.quiz.allowSkip === "Yes" && (
          <Button variant="secondary" onPress={next}>
            {t("check.skip")}
          </Button>
        )}
        {result && (
          <Button variant="primary" onPress={next}>
            {last ? t("finish.button") : t("check.next")}
          </Button>
        )}
      </div>
    </div>
  );
}
