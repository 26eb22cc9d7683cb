/** Default addresses of the outside services; read by the app's config and by the build (for the CSP). */
/** `{cep}` is replaced by the 8 digits. */
export const DEFAULT_POSTCODE_URL = 'https://viacep.com.br/ws/{cep}/json/';
export const DEFAULT_DEMO_REPO_URL = 'https://api.github.com/repos/tanstack/query';
