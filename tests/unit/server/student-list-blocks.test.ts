// @vitest-environment node
/**
 * The kept students list in blocks (server/student-list-cache.ts): after any sequence of registrations, renames,
 * frequency changes and departures, each patched with only the students it touched, the list's body, ETag and gzip are
 * exactly those of the same list read whole, and so is its first screenful. Up to 2,600 students (more blocks than a patch compresses at once), so
 * patches cross blocks, grow, split and empty them.
 */
import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { build, patch, type Entry, type ListRow } from '../../../server/student-list-cache.ts';
import { neighboursIn } from './support/list-neighbours.ts';

type Row = ListRow & { frequencyPercent: number | null };
type Op =
  | { kind: 'add'; name: string }
  | { kind: 'rename'; at: number; name: string }
  | { kind: 'frequency'; at: number; percent: number }
  | { kind: 'remove'; at: number };

// A few first letters, so many students share a name's start and new ones land in every block.
const name = fc.tuple(fc.constantFrom('Ana', 'Bia', 'Caio', 'Davi', 'Eva', 'Zoe'), fc.integer({ min: 0, max: 999 })).map(([a, n]) => `${a} ${n}`);
const at = fc.nat();
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), name }),
  fc.record({ kind: fc.constant('rename' as const), at, name }),
  fc.record({ kind: fc.constant('frequency' as const), at, percent: fc.integer({ min: 0, max: 100 }) }),
  fc.record({ kind: fc.constant('remove' as const), at }),
);

/** The database's order, for this test: by name, then id. */
const ordered = (rows: Iterable<Row>): Row[] =>
  [...rows].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

async function expectSame(kept: Entry, whole: Entry): Promise<void> {
  expect(kept.body().toString()).toBe(whole.body().toString());
  // The ETag is a hash of the body itself, so every server process gives the same one for the same list.
  expect(kept.etag).toBe(`"${createHash('sha1').update(whole.body()).digest('base64url')}"`);
  expect(gunzipSync(kept.gzipped()).toString()).toBe(whole.body().toString());
  // A first screenful (?limit) is the list's beginning, across blocks of any size a patch left.
  const list = JSON.parse(whole.body().toString()) as unknown[];
  for (const count of [1, 30, 65, 200]) expect(JSON.parse(kept.first(count).toString())).toEqual(list.slice(0, count));
}

describe('the kept students list, in blocks', () => {
  it('patched with only the students that changed, equals the list read whole', async () => {
    let nextId = 0;
    const newId = () => `s${String(nextId++).padStart(5, '0')}`;
    await fc.assert(
      fc.asyncProperty(
        // Past 32 blocks of 64, a list read whole is compressed in zlib's threads.
        fc.oneof(fc.integer({ min: 0, max: 400 }), fc.integer({ min: 2100, max: 2600 })),
        fc.array(fc.array(op, { minLength: 1, maxLength: 40 }), { maxLength: 12 }),
        async (size, steps) => {
          const model = new Map<string, Row>();
          for (let i = 0; i < size; i++) {
            const id = newId();
            model.set(id, { id, name: `${['Ana', 'Bia', 'Caio', 'Davi', 'Eva', 'Zoe'][i % 6]} ${i % 997}`, frequencyPercent: i % 101 });
          }
          let kept: Entry = build(ordered(model.values()), '');
          await expectSame(kept, build(ordered(model.values()), ''));
          for (const step of steps) {
            const touched = new Set<string>();
            for (const change of step) {
              const ids = [...model.keys()];
              const target = ids.length ? ids[('at' in change ? change.at : 0) % ids.length]! : undefined;
              if (change.kind === 'add') {
                const id = newId();
                model.set(id, { id, name: change.name, frequencyPercent: null });
                touched.add(id);
              } else if (target === undefined) continue;
              else if (change.kind === 'rename') model.set(target, { ...model.get(target)!, name: change.name });
              else if (change.kind === 'frequency') model.set(target, { ...model.get(target)!, frequencyPercent: change.percent });
              else model.delete(target);
              if (target !== undefined && change.kind !== 'add') touched.add(target);
            }
            const order = ordered(model.values());
            const fresh = new Map([...touched].filter((id) => model.has(id)).map((id) => [id, model.get(id)!] as const));
            const moved = [...fresh.values()].filter((row) => kept.items.get(row.id)?.name !== row.name);
            kept = {
              ...patch(
                kept,
                [...touched],
                fresh,
                neighboursIn(
                  order,
                  moved.map((row) => row.id),
                ),
              ),
              cursor: '',
            };
            await expectSame(kept, build(order, ''));
          }
        },
      ),
      { numRuns: 40, seed: 20_261_125 },
    );
  });
});
