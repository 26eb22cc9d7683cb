/**
 * The page told the user is someone else than the server says: GET /api/me's answer and the sync's (which carries the
 * user too: left as the server's, it would narrow the role, and the device forget its data, role-narrowing.ts) go
 * through `me`. For a role the open-mode reference server has no sign-in for (its built-in admin writes no anamnese):
 * the benchmarks and the browser tests. The server still answers as its own user.
 */
import type { BrowserContext } from 'playwright-core';

type Me = Record<string, unknown>;

export async function answerAs(target: Pick<BrowserContext, 'route'>, me: (me: Me) => Me): Promise<void> {
  await target.route('**/api/me', async (route) => {
    const answer = await route.fetch();
    await route.fulfill({ response: answer, json: me((await answer.json()) as Me) });
  });
  await target.route('**/api/sync**', async (route) => {
    const answer = await route.fetch();
    if (!answer.ok()) return route.fulfill({ response: answer });
    const sync = (await answer.json()) as { me: Me };
    await route.fulfill({ response: answer, json: { ...sync, me: me(sync.me) } });
  });
}
