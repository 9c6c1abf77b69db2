/** The exam API's shapes as the browser uses them (api/services/attempts, decisions.md "Taking"). */
export interface ExamOption {
  id: number;
  optionText: string;
}

export interface ExamQuestion {
  id: number;
  questionText: string;
  questionImage: string | null;
  optionType: "radio" | "checkbox";
  options: ExamOption[];
}

export interface StartedExam {
  takenQuizId: number;
  quizId: number;
  attemptNumber: number;
  startedAt: number;
  deadlineAt: number | null;
  serverNow: number;
  examMode: "all" | "onebyone";
  quiz: { quizName: string; time: number; quiztimetype: "Quiz" | "Question"; allowSkip: "Yes" | "No"; showAnswer: "Yes" | "No"; totalQuestion: number };
  questions: ExamQuestion[];
  savedAnswers: { questionId: number; answer: number[]; answerStatus: "empty" | "yes" | "no" | "not" }[];
}

/** One question's answer in the browser: the chosen options and the review mark. */
export interface LocalAnswer {
  answer: number[];
  markedForReview: boolean;
}

export interface TakenQuizObject {
  takenQuizId: number;
  correctAnswered: number;
  negativePoints: number;
  percentage: number;
  timeTaken: number;
}
