// Deep links: the URL's fragment names the view and the loan or document it shows (never a key),
// e.g. `#/loans?has_unresolved=true`, `#/loans/LN-1042`, `#/documents/doc_…`, `#/upload`, `#/media`.

/** A parsed location. */
export interface Route {
  view: 'sign-in' | 'loans' | 'loan' | 'document' | 'upload' | 'media';
  /** The loan reference or document id. */
  id?: string;
  query: URLSearchParams;
}

/** The route of the current fragment. */
export function currentRoute(): Route {
  const [path = '', search = ''] = location.hash.replace(/^#/, '').split('?');
  const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
  const query = new URLSearchParams(search);
  if (parts[0] === 'loans' && parts[1] !== undefined) return { view: 'loan', id: parts[1], query };
  if (parts[0] === 'documents' && parts[1] !== undefined) return { view: 'document', id: parts[1], query };
  if (parts[0] === 'upload' || parts[0] === 'media' || parts[0] === 'sign-in') return { view: parts[0], query };
  return { view: 'loans', query };
}

/** The fragment of a loan's view. */
export const loanLink = (ref: string): string => `#/loans/${encodeURIComponent(ref)}`;
/** The fragment of a document's view. */
export const documentLink = (id: string): string => `#/documents/${encodeURIComponent(id)}`;

/** Goes to `hash` (the views render on the hashchange). */
export function navigate(hash: string): void {
  if (location.hash === hash) window.dispatchEvent(new HashChangeEvent('hashchange'));
  else location.hash = hash;
}
