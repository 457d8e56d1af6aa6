// Final decisions taken from the keyboard ask first (a stray key must not clear a loan or confirm
// fraud): one modal dialog naming the decision and what it applies to, whose confirm button has the
// focus. Enter confirms; Escape or Cancel leaves the decision untaken.
import { element } from '@loupe/ui';

let asking: { dialog: HTMLDialogElement; text: HTMLElement; yes: HTMLButtonElement; onConfirm: (() => void) | undefined } | undefined;

/** The dialog, made once and kept on the page. */
function dialogOf(): NonNullable<typeof asking> {
  if (asking?.dialog.isConnected) return asking;
  const dialog = element('dialog', { id: 'confirm-decision', 'aria-labelledby': 'confirm-decision-text' });
  const text = element('p', { id: 'confirm-decision-text' });
  const form = element('form', { method: 'dialog' });
  const yes = element('button', { type: 'submit', value: 'confirm', id: 'confirm-decision-yes' }, 'Confirm');
  form.append(yes, element('button', { type: 'submit', value: 'cancel' }, 'Cancel'));
  dialog.append(text, form);
  document.body.append(dialog);
  const made: NonNullable<typeof asking> = { dialog, text, yes, onConfirm: undefined };
  dialog.addEventListener('close', () => {
    const onConfirm = made.onConfirm;
    made.onConfirm = undefined;
    if (dialog.returnValue === 'confirm') onConfirm?.();
  });
  asking = made;
  return made;
}

/** Asks "Record the final decision “`label`” for `what`?" and runs `then` once confirmed. */
export function confirmFirst(label: string, what: string, then: () => void): void {
  const d = dialogOf();
  d.text.textContent = `Record the final decision “${label}” for ${what}?`;
  d.yes.textContent = label;
  d.onConfirm = then;
  d.dialog.returnValue = '';
  d.dialog.showModal();
  d.yes.focus();
}
