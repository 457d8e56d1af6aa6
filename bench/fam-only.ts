await (await import('./ocr-families.js')).benchFamilies(1);
