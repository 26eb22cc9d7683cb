/**
 * The persisted cache as JSON, written in slices with a pause between them (issue 18: a tap on the roll call paints
 * while a sync of thousands of students is saved). One JSON.stringify of the whole cache was a single long task; here
 * each query, and each run of a long list's items, is a slice of its own, and the page handles input in between.
 * The text is the same JSON the persister's default serialiser writes (key order aside), so restoring is unchanged.
 */
import type { PersistedClient } from '@tanstack/react-query-persist-client';

/** Items of a list stringified in one slice. */
const ITEMS_PER_SLICE = 500;
/** Work done before pausing, in ms. */
const SLICE_MS = 8;

/** Stands for a long list in the query's JSON until its items are put in. */
const LIST_PLACEHOLDER = '\u0000quadra-list\u0000';

const pause = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Thrown when the device's data was forgotten meanwhile (sign-out): that save must not be written. */
export class StaleSave extends Error {}

export async function serializeInSlices(client: PersistedClient, stale: () => boolean = () => false): Promise<string> {
  let sliceStart = performance.now();
  const maybePause = async () => {
    if (performance.now() - sliceStart < SLICE_MS) return;
    await pause();
    if (stale()) throw new StaleSave('the device data was forgotten during the save');
    sliceStart = performance.now();
  };
  const queries: string[] = [];
  for (const query of client.clientState.queries) {
    const data: unknown = query.state.data;
    if (Array.isArray(data) && data.length > ITEMS_PER_SLICE) {
      // A long list: its items in runs, the query around them once.
      const items: string[] = [];
      for (let i = 0; i < data.length; i += ITEMS_PER_SLICE) {
        items.push(
          data
            .slice(i, i + ITEMS_PER_SLICE)
            .map((item: unknown) => JSON.stringify(item) ?? 'null')
            .join(','),
        );
        await maybePause();
      }
      const shell = JSON.stringify({ ...query, state: { ...query.state, data: LIST_PLACEHOLDER } });
      // A function as replacement: a name with "$&" in it must be written as it is.
      queries.push(shell.replace(JSON.stringify(LIST_PLACEHOLDER), () => `[${items.join(',')}]`));
    } else {
      queries.push(JSON.stringify(query));
    }
    await maybePause();
  }
  if (stale()) throw new StaleSave('the device data was forgotten during the save');
  const { clientState, ...rest } = client;
  const head = JSON.stringify({ ...rest, clientState: { mutations: clientState.mutations } }).slice(0, -2);
  return `${head},"queries":[${queries.join(',')}]}}`;
}
