import type { Factory } from '../compiler';
import { SYSTEM_DATA_ACTIVITIES } from './systemData';
import { SYSTEM_FILE_ACTIVITIES } from './systemFiles';
import { SYSTEM_TEXT_ACTIVITIES } from './systemText';

/** UiPath.System.Activities' headless activities beyond the library ones, by element name (UiPath's namespace). */
export const SYSTEM_ACTIVITIES: readonly (readonly [string, Factory])[] = [
  ...SYSTEM_FILE_ACTIVITIES,
  ...SYSTEM_DATA_ACTIVITIES,
  ...SYSTEM_TEXT_ACTIVITIES,
];
