import { useSyncExternalStore } from 'react';

const never = () => () => {};

/** This page's origin (`https://tracker.example.com`); '' in the server render, so the first client render matches it. */
export function useOrigin(): string {
  return useSyncExternalStore(
    never,
    () => window.location.origin,
    () => '',
  );
}
