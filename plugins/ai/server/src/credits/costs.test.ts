import { describe, expect, it } from 'vitest';
import { creditState } from '@atende/plugin-ai-contract';
import { costsAnswer, imageCostName, transcriptionCost } from './costs.js';
import { COST_DEFAULTS } from '../settings.js';

describe('credit costs', () => {
  it('prices images by shape and quality; auto is 1024x1024 medium', () => {
    expect(imageCostName('auto', 'auto')).toBe('image_1024x1024_medium');
    expect(imageCostName('1536x1024', 'high')).toBe('image_1536x1024_high');
    expect(imageCostName('1024x1536', 'low')).toBe('image_1024x1536_low');
    expect(imageCostName('256x256', 'high')).toBe('image_1024x1024_high');
  });
  it("answers the spec's defaults under the API's names", () => {
    expect(costsAnswer({ ...COST_DEFAULTS })).toMatchObject({ gpt4oMessage: 1, audioTranscription: 2, imageSquareHigh: 8, imageVerticalMedium: 10, imageHorizontalHigh: 12 });
  });
  it('charges transcription per started minute', () => {
    expect(transcriptionCost(2, 10)).toBe(2);
    expect(transcriptionCost(2, 61)).toBe(4);
    expect(transcriptionCost(2, null)).toBe(2);
  });
  it('states: critical <= 10, low <= 50, good above', () => {
    expect([creditState(0), creditState(10), creditState(11), creditState(50), creditState(51)]).toEqual(['critical', 'critical', 'low', 'low', 'good']);
  });
});
