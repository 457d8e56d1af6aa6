const targets = { Array, Object, Promise, Map, Set, String, Uint8Array, ArrayBuffer, Math, JSON, Reflect, Iterator: globalThis.Iterator, structuredClone: globalThis, URL };
const snap = () => { const m = new Map(); for (const [k, t] of Object.entries(targets)) { if (!t) continue; for (const o of [t, t.prototype].filter(Boolean)) for (const p of Reflect.ownKeys(o)) { try { const d = Object.getOwnPropertyDescriptor(o, p); m.set(`${k}${o === t ? '' : '.prototype'}.${String(p)}`, d.value ?? d.get); } catch {} } } return m; };
const before = snap();
await import('pdfjs-dist/legacy/build/pdf.mjs');
const after = snap();
for (const [k, v] of after) if (before.get(k) !== v) console.log(before.has(k) ? 'replaced' : 'added', k);
