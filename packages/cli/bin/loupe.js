#!/usr/bin/env node
// The `loupe` command: runs the built CLI (packages/cli/dist). Build first with `npm run build`.
import { main } from '../dist/main.js';

process.exitCode = await main(process.argv.slice(2));
// the command is done (a server or a worker has shut down and let its jobs finish): a handle a
// library left open (a queue engine's timer, a pool's socket) must not keep the process alive
setTimeout(() => process.exit(), 5000).unref();
