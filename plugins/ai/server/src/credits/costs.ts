import type { CreditCosts } from '@atende/plugin-ai-contract';
import { COST_DEFAULTS, type CostName } from '../settings.js';

/** Image sizes and qualities the generator offers; auto means 1024x1024 / medium (commercial-admin §9). */
export const IMAGE_SIZES = ['auto', '1024x1024', '1536x1024', '1024x1536', '512x512', '256x256'] as const;
export const IMAGE_QUALITIES = ['auto', 'low', 'medium', 'high'] as const;

/** The cost setting an image of this size and quality spends (small squares cost as 1024x1024). */
export function imageCostName(size: string, quality: string): CostName {
  const shape = size === '1536x1024' || size === '1024x1536' ? size : '1024x1024';
  const q = quality === 'low' || quality === 'high' ? quality : 'medium';
  return `image_${shape}_${q}` as CostName;
}

/** The spec's `credit_cost_{name}` values as GET /credits/costs names them. */
export function costsAnswer(costs: Record<CostName, number>): CreditCosts {
  return {
    gpt4oMessage: costs.gpt4o_message,
    audioTranscription: costs.audio_transcription,
    imageSquareLow: costs.image_1024x1024_low,
    imageSquareMedium: costs.image_1024x1024_medium,
    imageSquareHigh: costs.image_1024x1024_high,
    imageVerticalLow: costs.image_1024x1536_low,
    imageVerticalMedium: costs.image_1024x1536_medium,
    imageVerticalHigh: costs.image_1024x1536_high,
    imageHorizontalLow: costs.image_1536x1024_low,
    imageHorizontalMedium: costs.image_1536x1024_medium,
    imageHorizontalHigh: costs.image_1536x1024_high,
  };
}

export const COST_NAMES = Object.keys(COST_DEFAULTS) as CostName[];

/** Transcription is charged per started minute (commercial-admin §9: "audio_transcription 2 (per minute)"). */
export function transcriptionCost(perMinute: number, seconds: number | null): number {
  return perMinute * Math.max(1, Math.ceil((seconds ?? 60) / 60));
}
