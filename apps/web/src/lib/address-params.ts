import { useCallback } from 'react';
import { useSearchParams, type NavigateOptions } from 'react-router';

/** Edits address parameters in place (`set`, `delete`); the others are kept. */
export type ParamsEdit = (next: URLSearchParams) => void;

/**
 * The page's address parameters, and a way to change some of them and keep the others.
 *
 * react-router's functional `setSearchParams` starts from the parameters of the last render: two changes made
 * before React renders again (a filter picked, then a switch flipped at once) and the second undoes the first. CI
 * saw the notifications page lose its kind filter that way, and "read all" then read every kind. A change here
 * starts from the address as it is at that moment.
 */
export function useAddressParams(): [URLSearchParams, (edit: ParamsEdit, options?: NavigateOptions) => void] {
  const [params, setParams] = useSearchParams();
  const change = useCallback(
    (edit: ParamsEdit, options?: NavigateOptions) =>
      setParams(() => {
        const next = new URLSearchParams(window.location.search);
        edit(next);
        return next;
      }, options),
    [setParams],
  );
  return [params, change];
}
