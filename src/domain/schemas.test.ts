// The shared schemas' rules: extra fields pass through, null stays null, absent is a shape error,
// data and error are mutually exclusive.
import { describe, expect, it } from 'vitest';
import { MoverSchema, ProfileEnvelopeSchema } from './schemas.js';

const failed = {
  success: false,
  platform: 'github',
  endpoint: 'profile',
  data: null,
  error: { type: 'nao_encontrado', message: 'no such profile', details: null },
  credits_used: 0,
  cached: false,
  request_id: 'req_1',
};

describe('schemas', () => {
  it('pass unknown fields through and keep null as null', () => {
    const parsed = ProfileEnvelopeSchema.parse({ ...failed, added_later: { x: 1 }, credits_remaining: null });
    expect(parsed).toMatchObject({ added_later: { x: 1 }, credits_remaining: null });
  });

  it('refuse an absent data or error, where null is meant', () => {
    const { data: _data, ...noData } = failed;
    const { error: _error, ...noError } = failed;
    expect(ProfileEnvelopeSchema.safeParse(noData).success).toBe(false);
    expect(ProfileEnvelopeSchema.safeParse(noError).success).toBe(false);
  });

  it('refuse data and error both set, or both null, and success that disagrees', () => {
    expect(ProfileEnvelopeSchema.safeParse({ ...failed, error: null }).success).toBe(false);
    expect(ProfileEnvelopeSchema.safeParse({ ...failed, success: true }).success).toBe(false);
  });

  it('name the rule an envelope breaks, and where', () => {
    const issues = (envelope: object) =>
      (ProfileEnvelopeSchema.safeParse(envelope).error?.issues ?? []).map(({ message, path }) => ({ message, path }));
    expect(issues({ ...failed, error: null })).toEqual([
      { message: 'exactly one of data and error must be null', path: ['data'] },
      { message: 'success must be true exactly when error is null', path: ['success'] },
    ]);
    expect(issues({ ...failed, success: true })).toEqual([
      { message: 'success must be true exactly when error is null', path: ['success'] },
    ]);
    expect(issues(failed)).toEqual([]);
  });

  it('refuse a mover that did not gain', () => {
    const mover = {
      external_id: '1',
      title: 't',
      url: 'https://x.example/',
      points: 10,
      points_gained: 0,
      comments: null,
      position: 1,
    };
    expect(MoverSchema.safeParse(mover).success).toBe(false);
    expect(MoverSchema.safeParse({ ...mover, points_gained: 1 }).success).toBe(true);
  });
});
