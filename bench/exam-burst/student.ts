/**
 * One simulated student, sending what the exam page sends from a browser: the sign-in
 * form's POST /api/auth/login, then the session cookies it set, the page's Origin and
 * Sec-Fetch-Site on every write (api/middleware/cross-site.ts lets exactly those through),
 * and the exam's calls with the shapes of app/components/exam (use-answer-sync.ts,
 * ExamScreen.tsx): startQuiz, one saveAnswers per answer change, answerAll with every
 * answer at the end.
 */
import { newAgent, send, type Answer } from "./http-client";
import { QUIZ_PASSWORD, STUDENT_PASSWORD, type SeededQuestion } from "./seed";
import { answerTo, type PaperQuestion, type Verdict } from "../../tests/mixed-paper";

/** What a student means to answer: stored option ids (choice types), or how right a typed answer is (the others). */
export type Planned = number[] | Verdict;
/** What the database must hold for an answer: the stored option ids, or a typed answer as sent. */
export type StoredAnswer = number[] | { typed: unknown };

const USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36";

/** The routes whose loaders the result page's navigation after a submit runs. */
const RESULT_ROUTES = encodeURIComponent("root,routes/student/layout,taken-quiz-new-result");

export class Student {
  cookie = "";
  takenQuizId = 0;
  /** The server acknowledged the submit: the attempt must be graded. */
  submitted = false;
  /** questionId → option text → the id this attempt's paper gave it (ADR 0031). */
  private readonly paper = new Map<number, Map<string, number>>();
  /** The question ids of this attempt's paper in its order (a drawn paper is this attempt's own). */
  paperIds: number[] = [];
  /** questionId → the question as this attempt's paper shows it (the parts typed answers name). */
  private readonly shownQuestions = new Map<number, PaperQuestion>();
  /** questionId → what the server last acknowledged: stored option ids, or a typed answer's verdict. */
  readonly acknowledged = new Map<number, Planned>();
  /** questionId → the typed answer last acknowledged, as sent. */
  private readonly typedSent = new Map<number, unknown>();
  /** This student's browser connection. */
  private readonly agent = newAgent();

  /**
   * `route`: which server each request goes to, when several serve one database behind a
   * load balancer without sticky sessions (over-sqld.ts: the next one in turn); else `origin`.
   */
  constructor(
    readonly origin: URL,
    readonly email: string,
    readonly index: number,
    private readonly route: () => URL = () => origin,
  ) {}

  private headers(to: URL): Record<string, string> {
    return { origin: to.origin, "sec-fetch-site": "same-origin", "user-agent": USER_AGENT, ...(this.cookie ? { cookie: this.cookie } : {}) };
  }

  /** One request to the server the route picks (one agent: its kept-alive connections to each). */
  private send(method: "GET" | "POST", path: string, body: unknown): Promise<Answer> {
    const to = this.route();
    return send(this.agent, to, method, path, body, this.headers(to));
  }

  async signIn(): Promise<Answer> {
    const answer = await this.send("POST", "/api/auth/login", { email: this.email, password: STUDENT_PASSWORD });
    if (answer.status === 200) this.cookie = answer.setCookies.map((line) => line.split(";")[0]).join("; ");
    return answer;
  }

  async start(quizId: number): Promise<Answer> {
    const answer = await this.send("POST", "/api/takeQuiz/startQuiz", { quizId, password: QUIZ_PASSWORD, examMode: "all" });
    if (answer.status === 200) {
      const exam = JSON.parse(answer.body) as { takenQuizId: number; questions: PaperQuestion[] };
      if (exam.questions.length === 0) throw new Error("startQuiz answered an exam without questions");
      this.takenQuizId = exam.takenQuizId;
      this.paperIds = exam.questions.map((question) => question.id);
      for (const question of exam.questions) {
        this.paper.set(question.id, new Map(question.options.map((option) => [option.optionText, option.id])));
        this.shownQuestions.set(question.id, question);
      }
    }
    return answer;
  }

  /**
   * What the browser sends for a planned answer: stored option ids → the ids this attempt's
   * paper shows (by their text); a typed answer in its own shape with the paper's part ids.
   */
  private shown(question: SeededQuestion, answer: Planned): unknown {
    if (!Array.isArray(answer)) return answerTo(question.keyed!, this.shownQuestions.get(question.id)!, answer);
    return answer.map((id) => this.paper.get(question.id)?.get(question.textOf[id]) ?? id);
  }

  private acknowledge(questionId: number, planned: Planned, sent: unknown): void {
    this.acknowledged.set(questionId, planned);
    if (!Array.isArray(planned)) this.typedSent.set(questionId, sent);
  }

  /** Every acknowledged answer as the database must hold it (verify.ts). */
  expectedAnswers(): Map<number, StoredAnswer> {
    return new Map([...this.acknowledged].map(([questionId, planned]) => [questionId, Array.isArray(planned) ? planned : { typed: this.typedSent.get(questionId) }]));
  }

  async save(question: SeededQuestion, answer: Planned): Promise<Answer> {
    const questionId = question.id;
    const sent = this.shown(question, answer);
    const result = await this.send("POST", "/api/takeQuiz/saveAnswers", { takenQuizId: this.takenQuizId, answers: [{ questionId, answer: sent, markedForReview: false }] });
    if (result.status === 200) this.acknowledge(questionId, answer, sent);
    return result;
  }

  /** Each planned answer as sent: `{ questionId, answer, markedForReview }`. */
  private sentList(questions: SeededQuestion[], answers: Map<number, Planned>) {
    const byId = new Map(questions.map((question) => [question.id, question]));
    return [...answers].map(([questionId, answer]) => ({ questionId, answer: this.shown(byId.get(questionId)!, answer), markedForReview: false }));
  }

  /** Several answers in one saveAnswers (the exam page sends them so after being offline; the one-core workload's "save of all answers"). */
  async saveMany(questions: SeededQuestion[], answers: Map<number, Planned>): Promise<Answer> {
    const list = this.sentList(questions, answers);
    const result = await this.send("POST", "/api/takeQuiz/saveAnswers", { takenQuizId: this.takenQuizId, answers: list });
    if (result.status === 200) for (const sent of list) this.acknowledge(sent.questionId, answers.get(sent.questionId)!, sent.answer);
    return result;
  }

  /**
   * What the exam page does after its submit was acknowledged: a client-side navigation to
   * the result page, which fetches that page's loader data (React Router's `.data` request).
   */
  async openResult(): Promise<Answer> {
    // What the browser asks for (checked in Chromium): the chrome's loader is not run again for a new query (routes/app/layout.tsx).
    return this.send("GET", `/quiz/student/takenQuiz/${this.takenQuizId}/newResult.data?notice=completed&_routes=${RESULT_ROUTES}`, undefined);
  }

  /** ExamScreen's submit: every answer on the screen, again, with the submit. */
  async submit(quizId: number, questions: SeededQuestion[], answers: Map<number, Planned>): Promise<Answer> {
    const list = this.sentList(questions, answers);
    const result = await this.send("POST", "/api/takeQuiz/answerAll", { takenQuizId: this.takenQuizId, quizId, answers: list });
    if (result.status === 200) {
      this.submitted = true;
      for (const sent of list) this.acknowledge(sent.questionId, answers.get(sent.questionId)!, sent.answer);
    }
    return result;
  }
}

/** Student `index`'s choice for question number `q`: mostly right, every fourth-ish wrong (so grading has work). */
export function choiceOf(index: number, q: number, question: SeededQuestion, round = 0): number[] {
  return (index + q + round) % 4 === 0 ? [question.wrong] : question.correct;
}

/**
 * Student `index`'s answer to question number `q`: a choice as choiceOf; a typed answer right,
 * partly right or (every fourth-ish) wrong, so the markers have every kind of work.
 */
export function planOf(index: number, q: number, question: SeededQuestion, round = 0): Planned {
  if (!question.keyed) return choiceOf(index, q, question, round);
  return (["wrong", "partial", "right", "right"] as const)[(index + q + round) % 4];
}

/** How many of these answers earn their question's full mark (an essay waits for a person: never). */
export function rightAnswers(questions: SeededQuestion[], answers: Map<number, Planned>): number {
  return questions.filter((question) => {
    const chosen = answers.get(question.id);
    if (chosen === undefined) return false;
    if (!Array.isArray(chosen)) return chosen === "right" && question.keyed !== "essay";
    return chosen.length === question.correct.length && question.correct.every((id) => chosen.includes(id));
  }).length;
}
