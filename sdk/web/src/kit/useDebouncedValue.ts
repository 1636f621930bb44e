import { useEffect, useState } from 'react';

/** The value once it has stopped changing for `ms` (search boxes: 500 ms, core-operations §9). */
export function useDebouncedValue<T>(value: T, ms = 500): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return settled;
}
