// Component tests run without vitest globals, so Testing Library cannot register its own cleanup.
import { cleanup, configure } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { afterEach, beforeEach } from 'vitest';

afterEach(() => cleanup());
// waitFor and findBy* end as soon as their check holds; their 1 s default only ever fails a slow run (CI's two busy cores).
configure({ asyncUtilTimeout: 5000 });
// A test whose app called a server that is not there has marked the app offline (offline/network.ts): each starts online.
beforeEach(() => onlineManager.setOnline(true));
