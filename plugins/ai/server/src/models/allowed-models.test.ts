import { describe, expect, it } from 'vitest';
import { parseModels, usesPlatformKey } from './allowed-models.js';

describe('allowed models', () => {
  it('reads the comma-separated setting, trimmed and without repeats or blanks', () => {
    expect(parseModels(' gpt-3.5-turbo-1106, gpt-4o-2024-08-06 ,,gpt-3.5-turbo-1106')).toEqual(['gpt-3.5-turbo-1106', 'gpt-4o-2024-08-06']);
    expect(parseModels('')).toEqual([]);
    expect(parseModels(null)).toEqual([]);
  });

  it('a prompt uses the platform key only without a key and a server of its own', () => {
    expect(usesPlatformKey({})).toBe(true);
    expect(usesPlatformKey({ apiKeySealed: null, baseUrl: null })).toBe(true);
    expect(usesPlatformKey({ apiKeySealed: 'sealed' })).toBe(false);
    expect(usesPlatformKey({ baseUrl: 'https://models.example.com/v1' })).toBe(false);
  });
});
