/**
 * A student as another module or a script drives the API: Node's global `fetch` (undici,
 * its default keep-alive pool and headers: Accept-Encoding gzip, deflate, User-Agent node,
 * Sec-Fetch-Mode cors) and the spec's API only: POST /api/auth/login, then the access token
 * from its body as a Bearer header (what other modules send: spec 4) or, with `auth:
 * "cookie"`, the cookies it set; startQuiz, saveAnswers, answerAll and the review read
 * through POST /api/takenQuiz/fetchById. Answers are chosen from the paper startQuiz
 * returned (its own option ids), so the same client drives any build of the API.
 */
import type { Answer } from "./http-client";
import { QUIZ_PASSWORD, STUDENT_PASSWORD } from "./seed";

export type AuthBy = "bearer" | "cookie";

interface Paper {
  takenQuizId: number;
  questions: { id: number; options: { id: number }[] }[];
}

export class FetchStudent {
  private authorization: Record<string, string> = {};
  paper: Paper | null = null;
  /** questionId → the option ids the server last acknowledged. */
  readonly acknowledged = new Map<number, number[]>();
  /** The size of the last fetchById answer, decoded (what the submit-and-review floor stores and sends). */
  reviewBytes = 0;

  constructor(
    readonly origin: string,
    readonly email: string,
    readonly index: number,
    readonly authBy: AuthBy,
    /** The review asks for `Accept-Encoding: identity` (what compressing it costs the server, weighed). */
    readonly uncompressedReview = false,
  ) {}

  private async post(path: string, body: unknown, origin = this.origin, extraHeaders: Record<string, string> = {}): Promise<Answer & { response?: Response }> {
    try {
      const response = await fetch(`${origin}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", ...this.authorization, ...extraHeaders },
        body: JSON.stringify(body),
      });
      // Read whole, as a client does (a gzip or Brotli body is decoded here, on the client's core).
      const text = await response.text();
      return { status: response.status, body: text, setCookies: response.headers.getSetCookie(), response };
    } catch (error) {
      return { status: 0, body: String(error), setCookies: [] };
    }
  }

  async signIn(): Promise<Answer> {
    const answer = await this.post("/api/auth/login", { email: this.email, password: STUDENT_PASSWORD });
    if (answer.status === 200) {
      this.authorization =
        this.authBy === "bearer"
          ? { authorization: `Bearer ${(JSON.parse(answer.body) as { accessToken: string }).accessToken}` }
          : // A script's cookie header, with the Origin a browser would add to a write (the API refuses cross-site cookie writes).
            { cookie: answer.setCookies.map((line) => line.split(";")[0]).join("; "), origin: this.origin };
    }
    return answer;
  }

  async start(quizId: number): Promise<Answer> {
    const answer = await this.post("/api/takeQuiz/startQuiz", { quizId, password: QUIZ_PASSWORD, examMode: "all" });
    if (answer.status === 200) {
      this.paper = JSON.parse(answer.body) as Paper;
      if (!this.paper.questions.length) throw new Error("startQuiz answered an exam without questions");
    }
    return answer;
  }

  /** This student's choice for question q of the paper (round varies it, so every autosave changes something). */
  choice(q: number, round = 0): { questionId: number; answer: number[] } {
    const question = this.paper!.questions[q];
    const option = question.options[(this.index + q + round) % question.options.length];
    return { questionId: question.id, answer: [option.id] };
  }

  private allAnswers(): { questionId: number; answer: number[]; markedForReview: false }[] {
    return this.paper!.questions.map((_, q) => ({ ...this.choice(q), markedForReview: false as const }));
  }

  async saveOne(q: number, round: number): Promise<Answer> {
    const { questionId, answer } = this.choice(q, round);
    const result = await this.post("/api/takeQuiz/saveAnswers", { takenQuizId: this.paper!.takenQuizId, answers: [{ questionId, answer, markedForReview: false }] });
    if (result.status === 200) this.acknowledged.set(questionId, answer);
    return result;
  }

  /**
   * The same one-answer save sent to the autosave floor (floor-server.ts at `floorOrigin`:
   * the token check, the session read and one upsert, nothing else) with this student's
   * token: what any server on this stack needs at least for it, with this client.
   */
  saveOneToFloor(floorOrigin: string, q: number, round: number): Promise<Answer> {
    const { questionId, answer } = this.choice(q, round);
    return this.post("/autosave", { takenQuizId: this.paper!.takenQuizId, questionId, answer }, floorOrigin);
  }

  /**
   * The same submit sent to the submit-and-review floor (floor-server.ts): the same body, and
   * the size of this student's own fetchById answer, for the floor's result to be as large.
   */
  submitToFloor(floorOrigin: string, quizId: number): Promise<Answer> {
    return this.post("/submit", { takenQuizId: this.paper!.takenQuizId, quizId, answers: this.allAnswers(), resultBytes: this.reviewBytes }, floorOrigin);
  }

  /** The floor's review, checked as `review` checks the product's. */
  async reviewFromFloor(floorOrigin: string): Promise<Answer> {
    const answer = await this.post("/review", { takenQuizId: this.paper!.takenQuizId }, floorOrigin);
    if (answer.status !== 200) return answer;
    const answered = countAnswered(JSON.parse(answer.body));
    return answered === this.paper!.questions.length ? answer : { ...answer, status: 599, body: `the floor's review shows ${answered} answered questions` };
  }

  async saveAll(): Promise<Answer> {
    const answers = this.allAnswers();
    const result = await this.post("/api/takeQuiz/saveAnswers", { takenQuizId: this.paper!.takenQuizId, answers });
    if (result.status === 200) for (const a of answers) this.acknowledged.set(a.questionId, a.answer);
    return result;
  }

  async submit(quizId: number): Promise<Answer> {
    const answers = this.allAnswers();
    const result = await this.post("/api/takeQuiz/answerAll", { takenQuizId: this.paper!.takenQuizId, quizId, answers });
    if (result.status === 200) for (const a of answers) this.acknowledged.set(a.questionId, a.answer);
    return result;
  }

  /** The review, as other modules read it; a 200 that is not this attempt's finished result counts as a failure. */
  async review(): Promise<Answer> {
    const answer = await this.post("/api/takenQuiz/fetchById", { takenQuizId: this.paper!.takenQuizId }, this.origin, this.uncompressedReview ? { "accept-encoding": "identity" } : {});
    if (answer.status !== 200) return answer;
    this.reviewBytes = Buffer.byteLength(answer.body);
    const answered = countAnswered(JSON.parse(answer.body));
    return answered === this.paper!.questions.length ? answer : { ...answer, status: 599, body: `the review shows ${answered} answered questions, not ${this.paper!.questions.length}` };
  }
}

/** Questions answered in a fetchById body (TakenQuizResult: takenQuizAnswers, each "yes", "no" or "empty"). */
function countAnswered(body: unknown): number {
  const list = (body as { takenQuizAnswers?: { answerStatus?: string }[] }).takenQuizAnswers;
  return Array.isArray(list) ? list.filter((a) => a.answerStatus !== "empty").length : -1;
}
