import { useContext, useEffect, useRef } from 'react';
import { UNSAFE_NavigationContext } from 'react-router-dom';

type Navigator = { push: (...args: never[]) => void; replace: (...args: never[]) => void };

/**
 * While `dirty`, leaving asks first: in-app navigation (the drawer, links, `navigate`) waits for `ask()`,
 * and closing or reloading the tab gets the browser's own prompt. The shell uses a declarative router
 * (no data-router blocker), so the router's navigator is wrapped for as long as there are changes.
 */
export function useLeaveGuard(dirty: boolean, ask: () => Promise<boolean>): void {
  const { navigator } = useContext(UNSAFE_NavigationContext) as unknown as { navigator: Navigator };
  const askRef = useRef(ask);
  askRef.current = ask;

  useEffect(() => {
    if (!dirty) return;
    const { push, replace } = navigator;
    let asking = false;
    const restore = () => {
      navigator.push = push;
      navigator.replace = replace;
    };
    const guarded =
      (go: (...args: never[]) => void) =>
      (...args: never[]) => {
        if (asking) return;
        asking = true;
        void askRef.current().then((leave) => {
          asking = false;
          if (!leave) return;
          restore();
          go.apply(navigator, args);
        });
      };
    navigator.push = guarded(push);
    navigator.replace = guarded(replace);
    const beforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', beforeUnload);
    return () => {
      restore();
      window.removeEventListener('beforeunload', beforeUnload);
    };
  }, [dirty, navigator]);
}
