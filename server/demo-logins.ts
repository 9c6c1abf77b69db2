import type { seedDemo } from "../db/seed";

/** What a runtime entry prints after loading the demo data: the logins to try it with. */
export function printDemoLogins(logins: NonNullable<Awaited<ReturnType<typeof seedDemo>>>): void {
  console.log("\nDemo data loaded. Sign in at /quiz/auth/login with:");
  for (const login of logins.users) console.log(`  ${login.role.padEnd(8)} ${login.email}  /  ${login.password}`);
  const keys = logins.keyPair;
  console.log(`  key login: /quiz/auth/login/${keys.publicKey}/${keys.privateKey}/${keys.moduleId}\n`);
}
