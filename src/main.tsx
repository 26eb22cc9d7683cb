/** Bootstrap only: language, persisted cache restored, storage warning, outbox started, then the first render. */
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import './styles.css';
import { createRoot } from 'react-dom/client';
import { activateLocale, detectLocale } from './lib/i18n.ts';
import { restoreQueryCache } from './offline/persist.ts';
import { startOutbox } from './offline/outbox.ts';
import { registerOutboxHandlers } from './api/outbox-handlers.ts';
import { App } from './app.tsx';
import { warnWhenStorageIsFull } from './components/storage-warning.ts';

async function bootstrap(): Promise<void> {
  await Promise.all([activateLocale(detectLocale()), restoreQueryCache()]);
  warnWhenStorageIsFull();
  registerOutboxHandlers();
  startOutbox();
  createRoot(document.getElementById('root')!).render(<App />);
}

void bootstrap();
