import { useEffect, useState } from 'react';

/**
 * False until the browser has painted once after `ready` became true, then true for good (a frame, then
 * a task). For a first view drawn in two passes: what the screen is opened for first, the heavy rest
 * (tables, long lists, rows out of sight) once that is on screen.
 */
export function useAfterPaint(ready: boolean): boolean {
  const [done, setDone] = useState(false);
  useEffect(() => {
    if (!ready || done) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => (timer = setTimeout(() => setDone(true), 0)));
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [ready, done]);
  return done;
}
