import { lazy, useState, type ComponentType } from 'react';

/** A component whose code is downloaded on first use or on `preload()`, whichever comes first. */
export interface Preloadable<P extends object> {
  Component: ComponentType<P>;
  /** Starts the download (once); settles when the code is there. */
  preload: () => Promise<unknown>;
}

/**
 * Like React.lazy, with two differences: the download can start before the first render, and
 * once the code is there the component renders at once. React.lazy suspends on its first render
 * even then, and React holds a revealed Suspense boundary back up to 300 ms after its fallback.
 * A mount that comes before the code is a React.lazy one (it suspends until the code is there),
 * and stays so: switching the element's type later would remount what it renders.
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>): Preloadable<P> {
  let pending: Promise<ComponentType<P>> | undefined;
  let loaded: ComponentType<P> | undefined;
  const preload = (): Promise<ComponentType<P>> => {
    pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A failed download is tried again on the next use.
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  const Lazy = lazy(async () => ({ default: await preload() }));
  const Component = (props: P) => {
    const [Loaded] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Loaded {...props} />;
  };
  return { Component, preload };
}
