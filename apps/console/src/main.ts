// The reviewer console: signs in, then renders the view the URL's fragment names (loan queue, a
// loan, a document, upload, media) and renders again whenever it changes, so every view is a link.
import '@loupe/ui/ui.css';
import './style.css';
import { element } from '@loupe/ui';
import { listenForShortcuts, showShortcuts } from './keyboard.js';
import { currentRoute, navigate } from './router.js';
import { session } from './session.js';
import { documentView } from './views/document.js';
import { loanView } from './views/loan.js';
import { loansView } from './views/loans.js';
import { mediaView } from './views/media.js';
import { signInView } from './views/sign-in.js';
import { uploadView } from './views/upload.js';

const main = document.getElementById('main')!;
const nav = document.getElementById('nav')!;
const who = document.getElementById('who')!;
const signOut = document.getElementById('sign-out')!;
const statusLine = document.getElementById('status')!;
const status = (text: string): void => {
  statusLine.textContent = text;
};
/** Bumped on every render, so a slow view does not write over the next one. */
let renders = 0;

function header(): void {
  nav.hidden = !session.signedIn;
  signOut.hidden = !session.signedIn;
  who.textContent = session.signedIn
    ? `${session.reviewer ?? 'Signed in'} · ${session.documentKey ? (session.sandbox ? 'sandbox' : 'production') : 'media only'}`
    : '';
  const view = currentRoute().view;
  for (const a of nav.querySelectorAll('a')) {
    const target = a.getAttribute('href')!.slice(2);
    if (target === view || (target === 'loans' && (view === 'loan' || view === 'document'))) a.setAttribute('aria-current', 'page');
    else a.removeAttribute('aria-current');
  }
}

async function render(): Promise<void> {
  const mine = ++renders;
  const route = currentRoute();
  header();
  status('');
  const needsDocumentKey = route.view !== 'media';
  if (!session.signedIn || route.view === 'sign-in' || (needsDocumentKey && !session.documentKey)) {
    signInView(main, () => {
      header();
      // a media key opens media detection, the one view it serves (the others take a document key)
      if (!session.documentKey) navigate('#/media');
      else if (route.view === 'sign-in') navigate('#/loans');
      else void render();
    });
    return;
  }
  const stillHere = (): boolean => mine === renders;
  if (route.view === 'loans') await loansView(main, route, status);
  else if (route.view === 'loan') await loanView(main, route.id!, status);
  else if (route.view === 'document') await documentView(main, route.id!, status, stillHere);
  else if (route.view === 'upload') uploadView(main, status);
  else await mediaView(main, status);
  if (stillHere()) main.querySelector<HTMLElement>('h1')?.setAttribute('tabindex', '-1');
}

signOut.addEventListener('click', () => {
  session.signOut();
  main.replaceChildren(element('p', {}, 'Signed out.'));
  navigate('#/sign-in');
});
document.getElementById('help')!.addEventListener('click', showShortcuts);
window.addEventListener('hashchange', () => void render());
listenForShortcuts(navigate);
void render();
