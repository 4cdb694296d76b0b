#!/usr/bin/env node
// The installed `bezzel` command: the CLI runs from its TypeScript source through tsx, like `pnpm bezzel`.
import { register } from 'tsx/esm/api';

register();
await import('../src/bin.ts');
