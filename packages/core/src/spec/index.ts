// The two service contracts' shapes, each a TypeBox schema with its TypeScript type.
export * from './document.js';
export * from './document-errors.js';
export * from './media.js';
