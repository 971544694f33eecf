import { afterEach, describe, expect, it } from 'vitest';
import { localMessage } from '../../domain/errors.js';
import { useLanguage } from '../../messages/registry.js';
import { storeError } from './pg-failures.js';
import { serverName } from './store-url.js';

afterEach(() => useLanguage('en'));

const driverSaid = () => new Error('cannot use postgres://u:secret@db.example/x here, nor postgresql://v:hidden@other');

describe("a driver's reason that names a URL, and a store whose URL does not parse", () => {
  it('says "the store URL" in English, never the URL', async () => {
    await useLanguage('en');
    const error = storeError(driverSaid(), 'db.example:5432/x');
    expect(error.message).toBe(
      'the PostgreSQL store db.example:5432/x failed: cannot use the store URL here, nor the store URL',
    );
    expect(localMessage(error)).toBe(error.message);
    expect(serverName('postgres://db.example:99999/x')).toBe('the PostgreSQL store');
  });

  it('in Portuguese for people, in English for what scripts read', async () => {
    await useLanguage('pt-BR');
    const error = storeError(driverSaid(), 'db.example:5432/x');
    expect(localMessage(error)).toBe(
      'o armazenamento PostgreSQL db.example:5432/x falhou: cannot use a URL do armazenamento here, nor a URL do armazenamento',
    );
    expect(error.message).toBe(
      'the PostgreSQL store db.example:5432/x failed: cannot use the store URL here, nor the store URL',
    );
    expect(serverName('postgres://db.example:99999/x')).toBe('o armazenamento PostgreSQL');
  });
});
