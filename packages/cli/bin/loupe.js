#!/usr/bin/env node
// The `loupe` command: runs the built CLI (packages/cli/dist). Build first with `npm run build`.
import { main } from '../dist/main.js';

process.exitCode = await main(process.argv.slice(2));
