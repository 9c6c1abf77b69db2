import { e2eDatabase, type School } from "./school";

const HOUR = 3_600_000;

/**
 * Straight into the server's database: two quizzes of the school's teacher (Optics in
 * Physics keeps the best attempt, Cells in Biology the latest) and four students' finished
 * attempts, one of them named like a spreadsheet formula and one in Japanese.
 */
export async function seedBoard(school: School) {
  const db = e2eDatabase();
  try {
    const now = Date.now();
    const one = async (sql: string, args: (string | number | null)[]) => Number((await db.execute({ sql: `${sql} returning id`, args })).rows[0].id);
    const teacherId = Number((await db.execute({ sql: "select id from users where email = ?", args: [school.teacher] })).rows[0].id);
    const quiz = async (name: string, category: string, best: number) => {
      const categoryId = await one("insert into categories (business_id, name) values (?, ?)", [school.businessId, category]);
      const courseId = await one("insert into courses (business_id, category_id, name) values (?, ?, ?)", [school.businessId, categoryId, `${category} course`]);
      return one(
        `insert into quizzes (business_id, teacher_id, quiz_name, quiz_description, category_id, course_id, level, total_question, status, take_best_score, attempts_allowed, created_at, updated_at)
         values (?, ?, ?, 'Seeded for the leader board', ?, ?, 'Easy', 10, 'Published', ?, 5, ?, ?)`,
        [school.businessId, teacherId, name, categoryId, courseId, best, now, now],
      );
    };
    const student = (fullname: string) =>
      one(
        `insert into users (business_id, email, username, fullname, password_hash, user_type, profile, role_level, email_verified, created_at, updated_at)
         values (?, ?, ?, ?, 'x', 'Student', 4, 8, 1, ?, ?)`,
        [school.businessId, `${fullname.replace(/[^a-z]/gi, "").toLowerCase() || "jp"}-${now}-${Math.random().toString(36).slice(2, 6)}@school.test`, `u${now}${Math.random()}`, fullname, now, now],
      );
    const attempt = (quizId: number, studentId: number, n: number, percentage: number, seconds: number) =>
      one(
        `insert into quiz_attempts (business_id, quiz_id, student_id, attempt_number, started_at, submitted_at, percentage, correct_answered, time_taken, status)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, 'Pending')`,
        [school.businessId, quizId, studentId, n, now - 10 * HOUR + n * HOUR, now - 10 * HOUR + n * HOUR + seconds * 1000, percentage, Math.round(percentage / 10), seconds],
      );
    const optics = await quiz("Optics", "Physics", 1);
    const cells = await quiz("Cells", "Biology", 0);
    const ann = await student("Ann Archer");
    const formula = await student('=HYPERLINK("http://evil.test")');
    const japanese = await student("山田 太郎");
    await attempt(optics, ann, 1, 40, 75);
    await attempt(optics, ann, 2, 90, 125); // the best: counts
    await attempt(optics, formula, 1, 60, 61);
    await attempt(cells, japanese, 1, 100, 30);
    await attempt(cells, japanese, 2, 70, 45); // the latest: counts
    await attempt(cells, ann, 1, 50, 200);
    return { optics, cells };
  } finally {
    db.close();
  }
}

