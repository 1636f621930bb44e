import { describe, expect, it } from 'vitest';
import { campaignSettingRecords, campaignSettingsOfRecords } from './settings-records.js';

describe('campaign setting records', () => {
  it('round-trip: every key as a record whose value is JSON text', () => {
    const settings = { messageInterval: 5, longerIntervalAfter: 1, greaterInterval: 30, variables: [{ key: 'tienda', value: 'Sol' }] };
    const records = campaignSettingRecords(settings);
    expect(records).toEqual([
      { key: 'messageInterval', value: '5' },
      { key: 'longerIntervalAfter', value: '1' },
      { key: 'greaterInterval', value: '30' },
      { key: 'variables', value: '[{"key":"tienda","value":"Sol"}]' },
    ]);
    expect(campaignSettingsOfRecords(records)).toEqual(settings);
  });

  it('keeps the §9 default for a missing, unknown or unreadable record', () => {
    expect(campaignSettingsOfRecords([{ key: 'messageInterval', value: 'no json' }, { key: 'variables', value: '3' }, { key: 'other', value: '1' }, { key: 'greaterInterval', value: '10' }])).toEqual({
      messageInterval: 20,
      longerIntervalAfter: 20,
      greaterInterval: 10,
      variables: [],
    });
  });
});
