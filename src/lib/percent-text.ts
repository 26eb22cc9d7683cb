/** A percentage of the API (0-100, one decimal) as that language writes it: "62.5%" in en-US, "62,5%" in pt-BR. */
export const percentText = (locale: string, value: number): string =>
  new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(value / 100);
