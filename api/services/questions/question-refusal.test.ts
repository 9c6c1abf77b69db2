import { beforeEach, describe, expect, it } from "vitest";
import { createCategoryCourse, createTenant } from "../../test-support/factories.node";
import { callerOf, createTestServices } from "../../test-support/test-app.node";
import type { AppServices } from "../core/app-services";
import { AppError } from "../core/errors";
import { refusalCodes } from "../message-codes";
import { createQuestion } from "./create-question";

let services: AppServices;
let tenant: Awaited<ReturnType<typeof createTenant>>;

beforeEach(async () => {
  services = await createTestServices();
  tenant = await createTenant(services.db);
  await createCategoryCourse(services.db, { businessId: tenant.business.id, category: "Maths", course: "Algebra" });
});

describe("a question refused by the service itself (the editor's page calls it without the API's body check)", () => {
  it("says each key rule by its code and values, never as a marker or a bare code", async () => {
    const body = { questionText: "Order", optionType: "ordering", answerKey: { items: ["a"] }, defaultMark: 0.25, category: "Maths", course: "Algebra", answerExplaination: "x" };
    const refusal = await createQuestion(services, callerOf(tenant.teacher), body).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    const { errorCodes, errorParams } = refusalCodes(refusal as AppError);
    expect(errorCodes).toMatchObject({ "answerKey.items": "ANSWER_KEY_ITEMS_COUNT", defaultMark: "ANSWER_KEY_DEFAULT_MARK" });
    expect(errorParams).toMatchObject({ "answerKey.items": { min: 2, max: 20 } });
    expect((refusal as AppError).fieldErrors?.["answerKey.items"]).toBe("Give 2 to 20 items to put in order");
  });
});
