// Component tests run without vitest globals, so Testing Library cannot register its own cleanup.
import { cleanup } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { afterEach, beforeEach } from 'vitest';

afterEach(() => cleanup());
// A test whose app called a server that is not there has marked the app offline (offline/network.ts): each starts online.
beforeEach(() => onlineManager.setOnline(true));
