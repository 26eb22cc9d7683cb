/** Build-time settings (Vite env). Every external address is configurable so tests can point it at local fakes. */
import { DEFAULT_DEMO_REPO_URL, DEFAULT_POSTCODE_URL } from './external-defaults.ts';

const env = import.meta.env;

export type FirebaseSettings = {
  apiKey: string;
  authDomain: string;
  projectId: string;
  storageBucket: string;
  messagingSenderId: string;
  appId: string;
};

function firebaseSettings(): FirebaseSettings | null {
  const values = {
    apiKey: env.VITE_FIREBASE_API_KEY,
    authDomain: env.VITE_FIREBASE_AUTH_DOMAIN,
    projectId: env.VITE_FIREBASE_PROJECT_ID,
    storageBucket: env.VITE_FIREBASE_STORAGE_BUCKET,
    messagingSenderId: env.VITE_FIREBASE_MESSAGING_SENDER_ID,
    appId: env.VITE_FIREBASE_APP_ID,
  };
  // SPEC §1: the identity provider is set up only if all six values are present.
  return Object.values(values).every((v) => typeof v === 'string' && v.length > 0) ? (values as FirebaseSettings) : null;
}

export const config = {
  appVersion: __APP_VERSION__,
  apiUrl: env.VITE_API_URL || '/api',
  firebase: firebaseSettings(),
  firebaseAuthEmulatorUrl: env.VITE_FIREBASE_AUTH_EMULATOR_URL || '',
  /** `{cep}` is replaced by the 8 digits. */
  postcodeUrl: env.VITE_POSTCODE_URL || DEFAULT_POSTCODE_URL,
  demoRepoUrl: env.VITE_DEMO_REPO_URL || DEFAULT_DEMO_REPO_URL,
  sampleFallback: env.VITE_SAMPLE_FALLBACK !== 'off',
  /** SPEC §7, §9: ten minutes. */
  requestTimeoutMs: 10 * 60 * 1000,
} as const;
