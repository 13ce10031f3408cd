import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';
import { prepareTranslations } from '../../i18n/catalogues';

// The web tests render whole screens; on a loaded 2-core machine a screen can take more than
// testing-library's default 1 s to show an answer. A wrong screen still fails, only later.
configure({ asyncUtilTimeout: 5_000 });

// The app downloads its catalogues before a page's first render (src/main.tsx); the screens
// rendered here get them the same way, in both languages, before any test runs.
await prepareTranslations('full', ['en', 'fr']);
