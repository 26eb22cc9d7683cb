/** A percentage of the API (0-100, one decimal) as that language writes it: "62.5%" in en-US, "62,5%" in pt-BR. */
const formats = new Map<string, Intl.NumberFormat>();

export function percentText(locale: string, value: number): string {
  // One formatter per language: making one is far slower than using it (thousands of figures on a list).
  let format = formats.get(locale);
  if (!format) formats.set(locale, (format = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 })));
  return format.format(value / 100);
}
