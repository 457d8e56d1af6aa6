// Sign in: the API key (a document key, or a media key for media detection only) and an optional
// reviewer name, checked against the API before anything is kept; a refused key says why.
import { element } from '@loupe/ui';
import { dataOf, messageOf } from '../answers.js';
import { documents, keyKind, media, session } from '../session.js';

/** Renders the sign-in form; `done` runs once a key was accepted. */
export function signInView(main: HTMLElement, done: () => void): void {
  const form = element('form', { class: 'card sign-in', 'aria-labelledby': 'sign-in-title' });
  const error = element('p', { class: 'error', role: 'alert', id: 'sign-in-error' });
  const key = element('input', { id: 'api-key', name: 'api-key', type: 'password', autocomplete: 'off', spellcheck: 'false', required: '' });
  const reviewer = element('input', { id: 'reviewer', name: 'reviewer', type: 'text', autocomplete: 'name', value: session.reviewer ?? '' });
  const button = element('button', { type: 'submit' }, 'Sign in');
  form.append(
    element('h1', { id: 'sign-in-title' }, 'Sign in'),
    element('p', { class: 'hint' }, 'The key stays in this tab only (session storage) and is sent as the X-API-Key header.'),
    element('p', { class: 'hint' }, 'Loans and documents take a document key (sk_live_… or sk_test_…); a media key (sk_…) opens media detection only.'),
    element('label', { for: 'api-key' }, 'API key'),
    key,
    element('label', { for: 'reviewer' }, 'Reviewer name'),
    reviewer,
    element('p', { class: 'hint' }, 'Optional: recorded with your decisions and used as the assignee.'),
    button,
    error,
  );
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const value = key.value.trim();
    button.disabled = true;
    error.textContent = '';
    try {
      session.keep(value, reviewer.value);
      if (keyKind(value) === 'media') dataOf(await media().GET('/users/profile'));
      else dataOf(await documents().GET('/v1/loans', { params: { query: { limit: 1, sort: '-risk_score' } } }));
      done();
    } catch (failure) {
      session.signOut();
      error.textContent = `That API key was not accepted: ${messageOf(failure)}`;
      key.focus();
    } finally {
      button.disabled = false;
    }
  });
  main.replaceChildren(form);
  key.focus();
}
