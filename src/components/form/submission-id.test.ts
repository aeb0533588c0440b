import { describe, expect, it } from 'vitest';
import { newSubmissionId } from './submission-id.ts';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newSubmissionId', () => {
  it('is a random UUID', () => {
    const id = newSubmissionId();
    expect(id).toMatch(UUID_V4);
    expect(newSubmissionId()).not.toBe(id);
  });

  it('makes a version-4 UUID from random bytes where randomUUID is missing (plain http)', () => {
    const insecure = { getRandomValues: (bytes: Uint8Array<ArrayBuffer>) => crypto.getRandomValues(bytes) };
    expect(newSubmissionId(insecure)).toMatch(UUID_V4);
    const zeros = { getRandomValues: (bytes: Uint8Array<ArrayBuffer>) => bytes };
    expect(newSubmissionId(zeros)).toBe('00000000-0000-4000-8000-000000000000');
  });
});
