/**
 * The class filter of a results page as its URL holds it (`?classId=`, ADR 0080), so a
 * filtered view survives a reload and can be shared. The raw text goes to the verb, which
 * refuses what is not an id (400) and a class the caller does not manage (404): the page
 * never quietly shows every student for a class it did not find.
 */
export function classIdParam(params: URLSearchParams): string | undefined {
  const raw = params.get("classId")?.trim();
  return raw ? raw.slice(0, 20) : undefined;
}

/** The chosen class as the picker's key (a number), or null for "All students". */
export function chosenClassId(params: URLSearchParams): number | null {
  const raw = classIdParam(params);
  return raw && /^\d{1,15}$/.test(raw) ? Number(raw) : null;
}

/** A path with the class filter added (or kept), for the links between a quiz's result pages and the CSV. */
export function withClassId(path: string, classId: number | null): string {
  if (classId === null) return path;
  return `${path}${path.includes("?") ? "&" : "?"}classId=${classId}`;
}
