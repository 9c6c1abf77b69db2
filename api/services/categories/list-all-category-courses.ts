import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { MAX_PAGE_SIZE } from "../listing/list-query";
import { listCategoryCourses } from "./list-category-courses";
import type { CategoryCourse } from "./schemas";

/**
 * Every category with its courses, for pickers that offer them all (the bank's step 1, the
 * quiz wizard). Pages through the list verb, so its permission and tenancy rules hold.
 */
export async function listAllCategoryCourses(services: AppServices, caller: Caller): Promise<CategoryCourse[]> {
  const all: CategoryCourse[] = [];
  for (let pageNumber = 1; ; pageNumber++) {
    const { totalCount, entities } = await listCategoryCourses(services, caller, { queryParams: { pageNumber, pageSize: MAX_PAGE_SIZE } });
    all.push(...entities);
    if (entities.length === 0 || all.length >= totalCount) return all;
  }
}
