/** The authoring rules live in the one permissions module (docs/decisions/0029). */
export { assertAuthor, isAuthor } from "../core/permissions";
