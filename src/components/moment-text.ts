/** A moment as people read it on a screen: "10:42" (or "10:42 AM") today, with its date on another day (last sync, a saved copy); the same short time as every other screen. */
export function momentText(locale: string, at: number): string {
  const date = new Date(at);
  const today = new Date().toDateString() === date.toDateString();
  return new Intl.DateTimeFormat(locale, today ? { timeStyle: 'short' } : { dateStyle: 'short', timeStyle: 'short' }).format(date);
}
