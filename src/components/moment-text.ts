/** A moment as people read it on a screen: "10:42" today, with its date on another day (last sync, a saved copy). */
export function momentText(locale: string, at: number): string {
  const date = new Date(at);
  const today = new Date().toDateString() === date.toDateString();
  return new Intl.DateTimeFormat(locale, today ? { hour: '2-digit', minute: '2-digit' } : { dateStyle: 'short', timeStyle: 'short' }).format(date);
}
