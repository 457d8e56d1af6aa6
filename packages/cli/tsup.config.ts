import { defineConfig } from 'tsup';

/** What both builds share. */
const common = { format: ['esm'], target: 'es2022', sourcemap: true } as const;

// `dist` is emptied by the build script before both run (two configs cleaning it would race)
export default defineConfig([
  {
    ...common,
    entry: ['src/index.ts', 'src/main.ts'],
    dts: { compilerOptions: { composite: false, incremental: false } },
    // built apart, below
    external: ['./media-detection.js'],
  },
  {
    // `loupe detect`'s module with the media surfaces of @loupe/core and @loupe/node and the pure
    // JavaScript they import, in one file (src/media-detection.ts says why); native and CommonJS
    // packages (onnxruntime, canvas, the ffmpeg binaries) stay where npm installed them
    ...common,
    entry: ['src/media-detection.ts'],
    splitting: false,
    noExternal: [/^@loupe\/(core|node)(\/|$)/, /^@noble\//, 'fflate'],
  },
]);
