import { useCallback, useEffect, useRef } from 'react';
import { useNavigate, type NavigateOptions, type To } from 'react-router';

/**
 * `navigate` for what a page does once a save ends (back to the list, on to the new record): it goes only while
 * the page is still shown. A save outlives its page (its callbacks run after the page unmounts), and a user who
 * moved on to another page while it was under way must not be taken back when it ends.
 */
export function useNavigateFromHere(): (to: To, options?: NavigateOptions) => void {
  const navigate = useNavigate();
  const shown = useRef(true);
  useEffect(() => {
    shown.current = true;
    return () => {
      shown.current = false;
    };
  }, []);
  return useCallback(
    (to: To, options?: NavigateOptions) => {
      if (shown.current) void navigate(to, options);
    },
    [navigate],
  );
}
