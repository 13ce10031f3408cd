import { useEffect } from 'react';
import { useMediaQuery } from '@mui/material';
import { useSidebarState } from 'react-admin';
import { SIDEBAR_BREAKPOINT_PX } from '../../domain';

/** The sidebar collapses below 1040 px and expands again above it. */
export function useAutoCollapse(): void {
  const [, setOpen] = useSidebarState();
  const narrow = useMediaQuery(`(max-width:${SIDEBAR_BREAKPOINT_PX - 0.05}px)`, { noSsr: true });
  useEffect(() => {
    setOpen(!narrow);
  }, [narrow, setOpen]);
}
