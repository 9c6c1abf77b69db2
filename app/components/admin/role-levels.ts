/**
 * Spec 6's role levels as the pages offer them (0 Owner … 8 User; names in admin.json
 * quizSetting.levels). A plain list, so the pages do not load the API's schemas.
 */
export const ROLE_LEVEL_VALUES = [0, 1, 2, 3, 4, 5, 6, 7, 8] as const;

export function roleLevelOptions(t: (key: string) => string): { id: string; label: string }[] {
  return ROLE_LEVEL_VALUES.map((level) => ({ id: String(level), label: t(`quizSetting.levels.${level}`) }));
}
