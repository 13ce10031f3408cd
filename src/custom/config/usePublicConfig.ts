import { useEffect, useState } from 'react';
import type { PublicConfig } from '../../domain';
import { DEFAULT_PUBLIC_CONFIG, loadPublicConfig } from './publicConfig';

export function usePublicConfig(): PublicConfig {
  const [config, setConfig] = useState<PublicConfig>(DEFAULT_PUBLIC_CONFIG);
  useEffect(() => {
    let alive = true;
    void loadPublicConfig().then((c) => {
      if (alive) setConfig(c);
    });
    return () => {
      alive = false;
    };
  }, []);
  return config;
}
