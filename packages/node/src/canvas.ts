// @napi-rs/canvas, loaded on first use and without its start-up font scan. Importing the package
// reads every system font (0.1 s on a machine with a few hundred fonts): needed only to draw text
// with fonts a PDF does not embed (CJK, Arabic), never to decode a photo or a frame. So the module
// is imported with the scan turned off (the process's environment is put back at once), and
// `withSystemFonts` loads the system fonts the first time a page is rendered — exactly what the
// package does at import — unless the host itself set DISABLE_SYSTEM_FONTS_LOAD.
import { homedir } from 'node:os';
import { join } from 'node:path';

type Canvas = typeof import('@napi-rs/canvas');

let loading: Promise<Canvas> | undefined;
let fontsLoaded = false;
/** The host's own choice, read before this module ever sets the variable. */
const hostDisabledFonts = process.env.DISABLE_SYSTEM_FONTS_LOAD !== undefined;

/** The canvas module (imported once, without the font scan). */
export function loadCanvas(): Promise<Canvas> {
  loading ??= (async () => {
    const before = process.env.DISABLE_SYSTEM_FONTS_LOAD;
    process.env.DISABLE_SYSTEM_FONTS_LOAD = '1';
    try {
      return await import('@napi-rs/canvas');
    } finally {
      if (before === undefined) delete process.env.DISABLE_SYSTEM_FONTS_LOAD;
      else process.env.DISABLE_SYSTEM_FONTS_LOAD = before;
    }
  })();
  return loading;
}

/** The canvas module with the system fonts loaded (for rendering pages). */
export async function withSystemFonts(): Promise<Canvas> {
  const canvas = await loadCanvas();
  if (!fontsLoaded && !hostDisabledFonts) {
    fontsLoaded = true;
    // what the package runs at import (present at run time, missing from its typings)
    (canvas.GlobalFonts as unknown as { loadSystemFonts(): void }).loadSystemFonts();
    if (process.platform === 'linux') {
      canvas.GlobalFonts.loadFontsFromDir(join('/usr', 'local', 'share', 'fonts'));
      canvas.GlobalFonts.loadFontsFromDir(join(homedir(), '.fonts'));
    }
  }
  return canvas;
}
