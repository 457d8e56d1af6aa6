// The re-capture message templates: neutral requests a borrower can read without learning that a
// document was flagged. Each body carries the `{document}` token (the only interpolation) and
// passes the tip-off validator (tested).

/** A template. */
export interface RecaptureTemplate {
  id: 'quality' | 'routine' | 'missing';
  label: string;
  body: string;
}

export const TEMPLATES: readonly RecaptureTemplate[] = [
  {
    id: 'quality',
    label: 'Clearer copy needed',
    body: 'Hello, the copy of your {document} we received was hard to read. Please take a new photo of it with this secure link so we can keep your application moving.',
  },
  {
    id: 'routine',
    label: 'Routine capture',
    body: 'As a routine step for every application, please photograph your {document} with this secure link. It takes about a minute.',
  },
  {
    id: 'missing',
    label: 'Document still needed',
    body: 'We still need a photo of your {document} to continue with your application. Please take one with this secure link.',
  },
];
