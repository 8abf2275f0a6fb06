import { describe, expect, it } from 'vitest';
import { formatPhone } from './phone';

describe('formatPhone', () => {
  it('groups a Portuguese number the way it is written', () => {
    expect(formatPhone('+351912345678')).toBe('+351 912 345 678');
    expect(formatPhone('+351212345678')).toBe('+351 212 345 678');
  });
  it('keeps other numbers and usernames as stored', () => {
    expect(formatPhone('+447911123456')).toBe('+447911123456');
    expect(formatPhone('@ana_tenis')).toBe('@ana_tenis');
    expect(formatPhone('ana.01')).toBe('ana.01');
  });
});
