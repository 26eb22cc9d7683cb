/** vitest globalSetup for the server's token tests: one Auth emulator for the run, its host given to the tests. */
import type { TestProject } from 'vitest/node';
import { startAuthEmulator } from './auth-emulator.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    authEmulatorHost: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const emulator = await startAuthEmulator(Number(process.env.AUTH_EMULATOR_TEST_PORT || 9199));
  project.provide('authEmulatorHost', emulator.host);
  return () => emulator.stop();
}
