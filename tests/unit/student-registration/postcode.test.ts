import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatPostcode, isPostcodeComplete, lookupPostcode, postcodeUrl, streetFromAnswer } from '../../../src/api/postcode.ts';

afterEach(() => vi.unstubAllGlobals());

function stubFetch(answer: () => Promise<Response>) {
  const fetchMock = vi.fn((..._args: unknown[]) => answer());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const json = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

describe('a postcode shown', () => {
  it('reads 00000-000 from the 8 stored digits; anything else stays as it is', () => {
    expect(formatPostcode('01001000')).toBe('01001-000');
    expect(formatPostcode('01001-000')).toBe('01001-000');
    expect(formatPostcode('0100100')).toBe('0100100');
    expect(formatPostcode('')).toBe('');
  });
});

describe('the ZIP lookup rule', () => {
  it('looks up only codes of exactly 8 digits; a hyphen is fine', () => {
    expect(isPostcodeComplete('01001000')).toBe(true);
    expect(isPostcodeComplete('01001-000')).toBe(true);
    expect(isPostcodeComplete('0100100')).toBe(false);
    expect(isPostcodeComplete('01001-00')).toBe(false);
    expect(isPostcodeComplete('010010001')).toBe(false);
    expect(isPostcodeComplete('01001-0001')).toBe(false);
    expect(isPostcodeComplete('0100a1000')).toBe(false);
    expect(isPostcodeComplete('')).toBe(false);
  });

  it('7 and 9 digits never call the service', async () => {
    const fetchMock = stubFetch(() => json({}));
    expect(await lookupPostcode('0100100')).toEqual({ status: 'not-found' });
    expect(await lookupPostcode('010010001')).toEqual({ status: 'not-found' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('puts the 8 digits into the configured address', () => {
    expect(postcodeUrl('01001000')).toBe('https://viacep.com.br/ws/01001000/json/');
  });

  it('keeps the street (logradouro, complemento) apart from the neighbourhood, city and state it fills (issue 52)', async () => {
    expect(streetFromAnswer({ logradouro: 'Praça da Sé', complemento: '', bairro: 'Sé', localidade: 'São Paulo', uf: 'SP' })).toBe('Praça da Sé');
    const fetchMock = stubFetch(() => json({ logradouro: 'Rua A', complemento: 'lado par', bairro: 'Centro', localidade: 'Recife', uf: 'PE' }));
    expect(await lookupPostcode('50010-000')).toEqual({
      status: 'found',
      street: 'Rua A, lado par',
      neighborhood: 'Centro',
      city: 'Recife',
      state: 'PE',
    });
    expect(String((fetchMock.mock.calls[0]![0] as Request).url ?? fetchMock.mock.calls[0]![0])).toContain('/ws/50010000/json/');
  });

  it('a town of one postcode (no street in the answer) is found: its city and state fill in', async () => {
    stubFetch(() => json({ logradouro: '', bairro: '', localidade: 'Fernando de Noronha', uf: 'pe' }));
    expect(await lookupPostcode('53990-000')).toEqual({ status: 'found', street: '', neighborhood: '', city: 'Fernando de Noronha', state: 'PE' });
  });

  it('an unknown code ({erro: true}) fills nothing', async () => {
    stubFetch(() => json({ erro: true }));
    expect(await lookupPostcode('99999999')).toEqual({ status: 'not-found' });
    stubFetch(() => json({ erro: 'true' }));
    expect(await lookupPostcode('99999999')).toEqual({ status: 'not-found' });
  });

  it('a service that cannot be reached is reported as such (the street may then be typed)', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await lookupPostcode('01001000')).toEqual({ status: 'unreachable' });
    stubFetch(() => json({ message: 'down' }, 503));
    expect(await lookupPostcode('01001000')).toEqual({ status: 'unreachable' });
    // A captive portal's or a proxy's page, not the service's JSON.
    stubFetch(() => Promise.resolve(new Response('<html>Sign in to the Wi-Fi</html>', { headers: { 'content-type': 'text/html' } })));
    expect(await lookupPostcode('01001000')).toEqual({ status: 'unreachable' });
  });

  it('a refused or malformed answer fills nothing', async () => {
    stubFetch(() => json({ message: 'bad' }, 400));
    expect(await lookupPostcode('01001000')).toEqual({ status: 'not-found' });
    stubFetch(() => json(['not', 'an', 'object']));
    expect(await lookupPostcode('01001000')).toEqual({ status: 'not-found' });
  });
});
