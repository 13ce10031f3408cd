import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';

// The web tests render whole screens; on a loaded 2-core machine a screen can take more than
// testing-library's default 1 s to show an answer. A wrong screen still fails, only later.
configure({ asyncUtilTimeout: 5_000 });
