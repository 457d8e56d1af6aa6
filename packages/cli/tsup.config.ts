import { defineConfig } from 'tsup';

// `dist` is emptied by the build script before both run (two configs cleaning it would race)
export default defineConfig([
  {
    entry: ['src/index.ts', 'src/main.ts'],
    format: ['esm'],
    target: 'es2022',
    dts: { compilerOptions: { composite: false, incremental: false } },
    sourcemap: true,
    // built apart, below
    external: ['./media-detection.js'],
  },
  {
    // `loupe detect`'s module with the media surfaces of @loupe/core and @loupe/node and the pure
    // JavaScript they import, in one file (src/media-detection.ts says why); native and CommonJS
    // packages (onnxruntime, canvas, the ffmpeg binaries) stay where npm installed them
    entry: ['src/media-detection.ts'],
    format: ['esm'],
    target: 'es2022',
    sourcemap: true,
    splitting: false,
    noExternal: [/^@loupe\/(core|node)(\/|$)/, /^@noble\//, 'fflate'],
  },
]);
