/**
 * The moment the first screen has what it reads: its route's reads, and those of the parts it loads on demand (home's
 * attendance alerts, once `GET /me` has said the role) are done. What a first visit does not need to show that screen
 * waits for it: the sync and its worker, the device's database (Dexie) and the first save into it, the service
 * worker's registration (workbox-window and the precache). Before, they started at the first idle moment, which on home
 * came between `/me` and the alerts' read: 68 KB of script (gzip) and the database's creation shared the link and the
 * main thread with the alerts.
 *
 * Offline, a read waits ("paused") and does not count, so nothing waits for a network that is not there; and nothing
 * waits more than 20 s. The moment is marked in the page's performance timeline (`FIRST_SCREEN_MARK`), which the bench
 * reads to tell the scripts a first screen needed from the ones fetched after it.
 *
 * The first screen's answers are shown before the contract's code (zod and the schemas, 16 KB gzip) has come: each is
 * parsed right after the mark (`parseAfterFirstScreen`, lib/http.ts getParsedShownFirst) and put in its query's place,
 * and what waits for the first screen (`afterFirstScreen`: the device's first save among it) waits for those parses too,
 * so nothing unparsed is ever kept on the device. An answer that does not parse is dropped and read again, parsed at
 * once: it fails as any malformed answer does.
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { readsSettled } from './reads-settled.ts';
import { whenIdle } from './when-idle.ts';

export const FIRST_SCREEN_MARK = 'quadra:first-screen-read';

const loading = new Set<Promise<unknown>>();
let done = false;
/** The first screen's reads done (the mark). */
let read: Promise<void> | undefined;
/** The mark, then the answers shown before their parse parsed. */
let watched: Promise<void> | undefined;
let watchedClient: QueryClient | undefined;
const lateParses: Promise<unknown>[] = [];

/** A part of the first screen loading on demand (its code): the first screen is not read until it is, and its reads. */
export function holdFirstScreen<T>(part: Promise<T>): Promise<T> {
  if (done) return part;
  loading.add(part);
  const forget = () => loading.delete(part);
  part.then(forget, forget);
  return part;
}

/** Starts watching for the first screen's reads (main.tsx, at start); resolves when they are done. */
export function watchFirstScreen(client: QueryClient, maxWaitMs = 20_000): Promise<void> {
  watchedClient ??= client;
  read ??= (async () => {
    const deadline = Date.now() + maxWaitMs;
    const left = () => Math.max(0, deadline - Date.now());
    // Quiet twice in a row: no read in flight, no part loading, at two idle moments one after the other. A part asked
    // for once an answer has rendered (home's alerts, after /me) is asked in an effect of that render, which the
    // browser runs before an idle moment; on a busy machine that render may take longer than one idle wait.
    let quiet = 0;
    while (quiet < 2 && left() > 0) {
      await readsSettled(client, left());
      await Promise.race([Promise.allSettled([...loading]), new Promise((resolve) => setTimeout(resolve, left()))]);
      await new Promise<void>((resolve) => whenIdle(resolve, 1_000));
      quiet = client.isFetching() === 0 && loading.size === 0 ? quiet + 1 : 0;
    }
    done = true;
    performance.mark?.(FIRST_SCREEN_MARK);
  })();
  watched ??= read.then(() => Promise.allSettled(lateParses)).then(() => undefined);
  return watched;
}

/** Whether reads are parsed at once: the first screen's reads are done, or nothing watches them (tests, tools). */
export function firstScreenRead(): boolean {
  return read === undefined || done;
}

/**
 * zod's code evaluated in a task of its own, before the contract's (issue 57): evaluated as one, right after the first
 * screen, they were a task of 20 ms unthrottled (80 ms at Lighthouse's 4x CPU, 30 of them blocking); apart, each is
 * about half.
 */
let zodEvaluated: Promise<void> | undefined;
const zodFirst = () => (zodEvaluated ??= import('zod/mini').then(() => new Promise((resolve) => setTimeout(resolve, 0))));

/**
 * `answer`, the data of the query `queryKey`, was shown before it was parsed: `parse` (which throws on a malformed
 * answer) runs after the first screen's reads; its result takes the answer's place, or the query is reset (read again,
 * parsed at once) when it fails.
 */
export function parseAfterFirstScreen(queryKey: QueryKey, answer: unknown, parse: () => Promise<unknown>): void {
  const client = watchedClient;
  if (!read || !client) return;
  lateParses.push(
    read
      .then(zodFirst)
      .then(parse)
      .then(
        (parsed) => {
          const state = client.getQueryState(queryKey);
          if (state && state.data === answer) client.setQueryData(queryKey, parsed, { updatedAt: state.dataUpdatedAt });
        },
        () => client.resetQueries({ queryKey, exact: true }),
      ),
  );
}

/**
 * Resolves once the first screen's reads are done and the answers it showed before their parse are parsed
 * (watchFirstScreen); at once where nothing watches them.
 */
export function afterFirstScreen(): Promise<void> {
  return watched ?? Promise.resolve();
}
