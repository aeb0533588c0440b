import { describe, expect, it } from 'vitest';
import { indiaToday } from './dates.ts';

describe('indiaToday', () => {
  it("is India's date: a new day starts at 18:30 UTC", () => {
    expect(indiaToday(new Date('2026-03-01T18:29:59Z'))).toBe('2026-03-01');
    expect(indiaToday(new Date('2026-03-01T18:30:00Z'))).toBe('2026-03-02');
    expect(indiaToday()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
