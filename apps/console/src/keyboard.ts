// Keyboard shortcuts: global ones (`?` lists every shortcut, `g` then `l`/`u`/`m` goes to loans,
// upload or media) and the current view's, which the view sets when it renders. Keys typed into a
// field are the field's; Escape leaves the field.

/** A shortcut of a view. */
export interface Shortcut {
  key: string;
  label: string;
  run: () => void;
}

let viewShortcuts: Shortcut[] = [];
let pendingG = false;

const GLOBAL: { key: string; label: string }[] = [
  { key: '?', label: 'Show these shortcuts' },
  { key: 'g l', label: 'Go to the loan queue' },
  { key: 'g u', label: 'Go to upload' },
  { key: 'g m', label: 'Go to media detection' },
];

/** Replaces the current view's shortcuts. */
export function setShortcuts(shortcuts: Shortcut[]): void {
  viewShortcuts = shortcuts;
}

function inField(target: EventTarget | null): boolean {
  const e = target as HTMLElement | null;
  return !!e && (e.tagName === 'INPUT' || e.tagName === 'TEXTAREA' || e.tagName === 'SELECT' || e.isContentEditable);
}

/** Fills and opens the shortcuts dialog. */
export function showShortcuts(): void {
  const dialog = document.getElementById('shortcuts') as HTMLDialogElement;
  const list = document.getElementById('shortcut-list')!;
  list.replaceChildren();
  for (const s of [...viewShortcuts, ...GLOBAL]) {
    const dt = document.createElement('dt');
    for (const k of s.key.split(' ')) {
      const kbd = document.createElement('kbd');
      kbd.textContent = k;
      dt.append(kbd, ' ');
    }
    const dd = document.createElement('dd');
    dd.textContent = s.label;
    list.append(dt, dd);
  }
  if (!dialog.open) dialog.showModal();
}

/** Listens for shortcuts on the whole page; `go` navigates to a fragment. */
export function listenForShortcuts(go: (hash: string) => void): void {
  document.addEventListener('keydown', (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (inField(event.target)) {
      if (event.key === 'Escape') (event.target as HTMLElement).blur();
      return;
    }
    // a dialog open (the shortcuts, a decision to confirm) takes the keys
    if (document.querySelector('dialog[open]')) return;
    if (pendingG) {
      pendingG = false;
      const to = { l: '#/loans', u: '#/upload', m: '#/media' }[event.key];
      if (to) {
        event.preventDefault();
        go(to);
      }
      return;
    }
    if (event.key === 'g') {
      pendingG = true;
      return;
    }
    if (event.key === '?') {
      event.preventDefault();
      showShortcuts();
      return;
    }
    const shortcut = viewShortcuts.find((s) => s.key === event.key);
    if (shortcut) {
      event.preventDefault();
      shortcut.run();
    }
  });
}
