/**
 * Bootstrap only, in tasks after the first script's evaluation: the language's texts, then the first render; the
 * persisted cache is restored beside it (reads wait for it, so no screen shows sample data or an error while it
 * restores; on a device with no database yet there is nothing to wait for), and the outbox starts.
 */
import './mantine.css';
import '@mantine/notifications/styles.css';
import './styles.css';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { activateLocale, detectLocale, loadLocaleDataOffThread, shareLocaleChoice, storedLocale } from './lib/i18n.ts';
import { restoreQueryCache } from './offline/persist.ts';
import { startOutbox } from './offline/outbox.ts';
import { App, createAppRouter } from './app.tsx';
import { http } from './lib/http.ts';
import { setServerProbe } from './lib/server-status.ts';
import { warnWhenStorageIsFull } from './components/storage-warning.ts';
import { startConfiguredIdentity } from './components/auth-provider.tsx';
import { stayInAppWhenCodeIsMissingOffline } from './offline/missing-code-offline.ts';
import { afterFirstScreen, watchFirstScreen } from './lib/first-screen.ts';
import { loadScreenStyles } from './lib/screen-styles.ts';
import { keepToastsAwayFromTheirControl } from './components/notify.ts';
import { queryClient } from './offline/query-client.ts';

async function bootstrap(): Promise<void> {
  // The start in tasks of its own, not in the first script's evaluation (issue 57): that was one task of 31-36 ms
  // unthrottled, 125-145 ms at Lighthouse's 4x CPU (75-95 ms of it blocking); now tasks of 10-14 ms, none long.
  await nextTask();
  // What the first screen does not need (the sync, the device's database, the service worker) waits for its reads.
  void watchFirstScreen(queryClient);
  // Every toast keeps clear of the control that made it and of the page's title (issue 56): after the first screen.
  void afterFirstScreen()
    .then(() => import('./components/toast-position.ts'))
    .then((module) => module.placeToastsAwayFromTheirControl(keepToastsAwayFromTheirControl))
    .catch(() => undefined);
  // The styles of the components only other screens show, ready before the first move to one (lib/screen-styles.ts).
  void afterFirstScreen().then(loadScreenStyles);
  const locale = detectLocale();
  // A choice stored before the server was told of it too (lib/locale-rule.ts LOCALE_COOKIE): told at the next start.
  const choice = storedLocale();
  if (choice) shareLocaleChoice(choice);
  loadLocaleDataOffThread(locale);
  stayInAppWhenCodeIsMissingOffline();
  void restoreQueryCache();
  startConfiguredIdentity();
  const shellTexts = activateLocale(locale);
  // The router's making, then the route's matching and first reads, in tasks of their own: with the start above (the
  // first read of localStorage, the workers), they made one task of 23-35 ms unthrottled (issue 57).
  await nextTask();
  const router = createAppRouter();
  await nextTask();
  // The route's matches (its code, data and catalog, in the language being activated) are ready before the first
  // render, which is then one interruptible render. Left to the router's own mount effect, they arrived after it, and
  // the whole page rendered again synchronously (a long task of 100-200 ms at 4x CPU). Should it fail, that effect
  // loads again. They load beside the shell's catalog, not after it: one round trip fewer before the page's data.
  await Promise.all([shellTexts, router.load().catch(() => undefined)]);
  await nextTask();
  warnWhenStorageIsFull();
  // While the server does not answer, the header's status asks it again now and then (any answer will do).
  setServerProbe(() => http.get('me', { throwHttpErrors: false }));
  // The handlers (and the API modules behind them) load only when there is something to send.
  startOutbox(() => import('./api/outbox-handlers.ts').then((module) => module.registerOutboxHandlers()));
  const root = createRoot(document.getElementById('root')!);
  startTransition(() => root.render(<App router={router} />));
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

void bootstrap();
