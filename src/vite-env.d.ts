/// <reference types="vite/client" />

declare const __APP_VERSION__: string;

interface ImportMetaEnv {
  readonly VITE_API_URL?: string;
  readonly VITE_FIREBASE_API_KEY?: string;
  readonly VITE_FIREBASE_AUTH_DOMAIN?: string;
  readonly VITE_FIREBASE_PROJECT_ID?: string;
  readonly VITE_FIREBASE_STORAGE_BUCKET?: string;
  readonly VITE_FIREBASE_MESSAGING_SENDER_ID?: string;
  readonly VITE_FIREBASE_APP_ID?: string;
  readonly VITE_FIREBASE_AUTH_EMULATOR_URL?: string;
  readonly VITE_POSTCODE_URL?: string;
  readonly VITE_DEMO_REPO_URL?: string;
  readonly VITE_SAMPLE_FALLBACK?: string;
}

/** Lingui catalogs, compiled by its Vite plugin on import. */
declare module '*.po' {
  export const messages: Record<string, string>;
}
