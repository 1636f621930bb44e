import { describe, expect, it } from 'vitest';
import { numbered } from './prepared.js';

describe('numbered (prepared statements’ placeholders)', () => {
  it('numbers `?` in order and binds the values unchanged', () => {
    expect(numbered('select 1 from t where a = ? and b < ?', [3, 'x'])).toEqual({ text: 'select 1 from t where a = $1 and b < $2', values: [3, 'x'] });
  });

  it('makes `array[?]` ONE array parameter, so the text is the same for a list of any length', () => {
    const one = numbered('t.company_id = ? and t.queue_id = any(array[?]::int[]) or t.user_id = ?', [3, [1], 7]);
    const three = numbered('t.company_id = ? and t.queue_id = any(array[?]::int[]) or t.user_id = ?', [3, [1, 2, 4], 7]);
    expect(one.text).toBe('t.company_id = $1 and t.queue_id = any($2::int[]) or t.user_id = $3');
    expect(three.text).toBe(one.text);
    expect(three.values).toEqual([3, [1, 2, 4], 7]);
    expect(numbered('x = any(array[?]::int[])', [[]]).values).toEqual([[]]);
  });

  it('expands any other array to one placeholder per element, as MikroORM does', () => {
    expect(numbered('id in (?) and c = ?', [[5, 6], 2])).toEqual({ text: 'id in ($1, $2) and c = $3', values: [5, 6, 2] });
  });

  it('refuses placeholders and values that do not line up', () => {
    expect(() => numbered('a = ? and b = ?', [1])).toThrow(/placeholders/);
    expect(() => numbered('a = ?', [1, 2])).toThrow(/parameters/);
    expect(() => numbered('a = any(array[?]::int[])', [1])).toThrow(/array/);
  });
});
