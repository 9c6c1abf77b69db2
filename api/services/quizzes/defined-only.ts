/** The object without its undefined entries, so that spreading it over defaults or a stored quiz keeps them. */
export function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
