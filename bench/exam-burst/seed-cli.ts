/**
 * Seeds the exam-burst school with a given build's own seed module and schema, and prints
 * the school as JSON: `node --import tsx seed-cli.ts <build root> <database url> <pepper> <students>`,
 * run in that build's folder. The reference build (an older commit, its own migrations and
 * node_modules) is seeded by its own code, so each server reads a database it made.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";

const [buildRoot, databaseUrl, pepper, students] = process.argv.slice(2);
const seedModule = (await import(pathToFileURL(path.join(buildRoot, "bench/exam-burst/seed.ts")).href)) as {
  seedSchool(databaseUrl: string, pepper: string, count: number): Promise<{ quizId: number; students: string[] }>;
};
const school = await seedModule.seedSchool(databaseUrl, pepper, Number(students));
process.stdout.write(`${JSON.stringify({ quizId: school.quizId, students: school.students })}\n`);
process.exit(0);
