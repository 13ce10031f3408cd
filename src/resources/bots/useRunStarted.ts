import { useCallback } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { processes } from '../../domain/declarations';
import type { ToastAction } from '../../custom/toast/toastStore';
import { showPathOf } from '../schema';
import type { CreatedRun } from './runCalls';

/**
 * Says a run was created, with an Open button to its details: the user who pressed Run stays
 * where they were, and one click away from following the run.
 */
export function useRunStarted(): (run: CreatedRun) => void {
  const notify = useNotify();
  const translate = useTranslate();
  const navigate = useNavigate();
  return useCallback(
    ({ message, id }: CreatedRun) => {
      const action: ToastAction = {
        label: translate('resources.bots.openRun'),
        onClick: () => void navigate(showPathOf(processes, id)),
      };
      notify(message, { type: 'success', action });
    },
    [notify, translate, navigate],
  );
}
