// @vitest-environment node
/**
 * Programme settings (issue 58): one row, read by everyone, changed by admins on the version they started from. The
 * WhatsApp text holds the child's name and the dates missed, never any other placeholder.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settingsSchema, type Settings } from '../../../src/api/settings-contract.ts';
import { defaultWhatsappTemplate } from '../../../src/lib/whatsapp-message.ts';
import { settings as readSettings } from '../../../server/data/settings.ts';
import { SETUP_TIMEOUT_MS, startTestServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, SETUP_TIMEOUT_MS);
afterAll(() => server.close());

const get = async () => settingsSchema.parse((await server.app.inject('/api/settings')).json());
const put = (payload: object) => server.app.inject({ method: 'PUT', url: '/api/settings', payload });
const fields = {
  programmeName: 'Programa Bola pra Frente',
  projectName: 'Esporte na Comunidade 2026',
  funderName: 'Lei de Incentivo ao Esporte',
  whatsappTemplate: 'Oi! {nome} não veio em {datas}. Podemos conversar?',
};

describe('programme settings', () => {
  it('start with empty names and the default Portuguese text naming the child and the dates', async () => {
    // Read first: the tests below change them.
    const start = await get();
    expect(start).toMatchObject({ programmeName: '', projectName: '', funderName: '', version: 1, updatedBy: null });
    expect(start.whatsappTemplate).toBe(defaultWhatsappTemplate);
  });

  it('are changed on the version the edit started from, one version on, and the data layer reads the same', async () => {
    const before = await get();
    const response = await put({ ...fields, programmeName: '  Programa Bola pra Frente ', basedOn: before.version });
    expect(response.statusCode).toBe(200);
    const saved = settingsSchema.parse(response.json());
    expect(saved).toMatchObject({ ...fields, version: before.version + 1 });
    expect(saved.updatedBy).toBeTruthy();
    expect(await get()).toEqual(saved);
    expect(await readSettings(server.db)).toEqual(saved);
  });

  it('answer 409 with the current settings to an edit started from an older version, and 200 to the same edit sent again', async () => {
    const current = await get();
    const stale = await put({ ...fields, funderName: 'Outro financiador', basedOn: current.version - 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'stale-version', current: { funderName: current.funderName, version: current.version } });
    // An edit that reached the server but whose answer was lost: sent again, it finds its settings there.
    const resend = await put({ ...fields, basedOn: current.version - 1 });
    expect(resend.statusCode).toBe(200);
    expect(resend.json<Settings>().version).toBe(current.version);
    expect((await get()).funderName).toBe(fields.funderName);
  });

  it('refuse a text with a placeholder other than {nome} and {datas}, an empty or too long text, and too long names', async () => {
    const { version } = await get();
    for (const body of [
      { ...fields, whatsappTemplate: '{nome} faltou por {motivo}' },
      { ...fields, whatsappTemplate: '   ' },
      { ...fields, whatsappTemplate: 'a'.repeat(1001) },
      { ...fields, funderName: 'F'.repeat(161) },
      { ...fields, programmeName: 'Nul\u0000' },
    ]) {
      const response = await put({ ...body, basedOn: version });
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    expect((await get()).version).toBe(version);
  });
});
