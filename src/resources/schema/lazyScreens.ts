import type { ComponentType } from 'react';
import type { ScreenKind } from './ResourceScreen';
import type { SchemaResource, ShellResource } from './types';

type ScreenComponent = ComponentType<{ resource: SchemaResource; kind: ScreenKind }>;

/** A resource with its screens' code, once both are downloaded. */
export interface LoadedScreens {
  resource: SchemaResource;
  Screen: ScreenComponent;
}

interface Entry {
  promise: Promise<LoadedScreens>;
  value?: LoadedScreens;
}

const loads = new WeakMap<ShellResource, Entry>();

const loadResource = (resource: ShellResource): Promise<SchemaResource> =>
  'load' in resource ? resource.load() : Promise.resolve(resource);

/**
 * Starts (once per resource) the download of a resource's screens and of the schema's, side by
 * side. The value is kept, so a later visit renders at once instead of suspending again.
 */
export function loadScreens(resource: ShellResource): Entry {
  let entry = loads.get(resource);
  if (!entry) {
    const promise = Promise.all([loadResource(resource), import('./ResourceScreen')]).then(
      ([loaded, module]): LoadedScreens => ({ resource: loaded, Screen: module.ResourceScreen }),
    );
    const created: Entry = { promise };
    // A failed download is tried again on the next visit.
    promise.then(
      (value) => void (created.value = value),
      () => void loads.delete(resource),
    );
    loads.set(resource, created);
    entry = created;
  }
  return entry;
}
