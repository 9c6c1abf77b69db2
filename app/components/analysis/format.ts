/** A share (0–1) as a percentage in the interface language, whole numbers ("83 %", "83%"). */
export function formatPercent(share: number, language: string): string {
  return new Intl.NumberFormat(language, { style: "percent", maximumFractionDigits: 0 }).format(share);
}

/** A correlation to two decimals in the interface language ("0.42", "0,42", "−0.31"). */
export function formatIndex(value: number, language: string): string {
  return new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: "negative" }).format(value);
}
