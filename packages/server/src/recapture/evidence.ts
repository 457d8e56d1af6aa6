// The evidence of a capture: four signal groups and the verdict they add up to. `provenance` and
// `device_integrity` report what is known of how the photos were made; `forensics_rerun` is
// the re-captured document's own verdict; `reconciliation` compares what the photos read with the
// uploaded document: for every edit the upload's revisions show, whether the photo carries the
// text before the edit or after it. A flag anywhere means the capture contradicts the original.
// The photos' C2PA manifests are the service's own signature at receipt, reported as such.
import type { StoredDocument } from '../store/store.js';
import type { C2paSummary } from './c2pa.js';

type Json = Record<string, unknown>;
type Status = 'pass' | 'flag' | 'unavailable';

/** One signal. */
interface Signal {
  label: string;
  value: string;
  status: Status;
}

/** Words of a text, lower-case, punctuation dropped. */
const words = (text: string): string[] =>
  text
    .toLowerCase()
    .match(/[\p{L}\p{N}][\p{L}\p{N}.,'-]*/gu)
    ?.map((w) => w.replace(/[.,]+$/, '')) ?? [];

/** The words an edit took away and put in. */
function editedWords(before: string, after: string): { removed: string[]; added: string[] } {
  const b = words(before);
  const a = words(after);
  return { removed: [...new Set(b.filter((w) => !a.includes(w)))], added: [...new Set(a.filter((w) => !b.includes(w)))] };
}

const share = (wanted: string[], seen: Set<string>) => (wanted.length === 0 ? 0 : wanted.filter((w) => seen.has(w)).length / wanted.length);

/** Reconciliation signals: each edit of the upload against what the photos read. */
function reconcile(original: Json, photoText: string[] | undefined): Signal[] {
  const diffs = ((original.revisions as { diffs?: Json[] } | undefined)?.diffs ?? []).slice(0, 10);
  if (!photoText || photoText.length === 0)
    return [{ label: 'Text of the re-capture', value: 'The photos could not be read, so nothing was compared.', status: 'unavailable' }];
  if (diffs.length === 0) return [{ label: 'Edits in the upload', value: 'The upload carries no later edits to compare the photos with.', status: 'pass' }];
  const seen = new Set(words(photoText.join(' ')));
  return diffs.map((diff) => {
    const { removed, added } = editedWords(String(diff.before ?? ''), String(diff.after ?? ''));
    const shows = `"${added.join(' ')}"`;
    const was = `"${removed.join(' ')}"`;
    if (added.length > 0 && share(added, seen) >= 0.5)
      return { label: `Edit in revision ${diff.to_revision}`, value: `The photos read ${shows}, as the upload does.`, status: 'pass' as const };
    if (removed.length > 0 && share(removed, seen) >= 0.5)
      return { label: `Edit in revision ${diff.to_revision}`, value: `The photos read ${was} where the upload reads ${shows}.`, status: 'flag' as const };
    return {
      label: `Edit in revision ${diff.to_revision}`,
      value: 'Neither version of the edited text could be read in the photos.',
      status: 'unavailable' as const,
    };
  });
}

/** What the photos' content credentials say. */
function c2paSignal(c2pa: C2paSummary): Signal {
  const label = 'Content credentials (C2PA)';
  if (c2pa.validation_state === 'Valid' || c2pa.validation_state === 'Trusted')
    return {
      label,
      value: `${c2pa.validation_state}: signed by this service when the photos arrived (${c2pa.signature_alg}, time stamp by ${c2pa.timestamp_authority}), not by the phone; ${c2pa.edits_since_capture} edits since.`,
      status: 'pass',
    };
  if (c2pa.validation_state === 'Invalid')
    return { label, value: 'Invalid: the photos changed after they were signed, or the signature fails.', status: 'flag' };
  return { label, value: 'No manifest on the photos.', status: 'unavailable' };
}

/** The evidence of a capture whose re-captured document has finished. */
export function captureEvidence(input: {
  original: Json;
  recaptured: StoredDocument;
  recapturedView: Json;
  photoText: string[] | undefined;
  device: string;
  simulated: boolean;
  c2pa: C2paSummary;
}): Json {
  const { original, recapturedView } = input;
  const verdict = recapturedView.verdict as string | undefined;
  const rerun: Signal =
    input.recaptured.status === 'failed' || verdict === undefined
      ? { label: 'Analysis of the re-capture', value: 'The photos could not be analysed.', status: 'unavailable' }
      : {
          label: 'Analysis of the re-capture',
          value: `${verdict}${recapturedView.risk_score === undefined ? '' : ` (risk score ${recapturedView.risk_score})`}`,
          status: verdict === 'CLEAN' ? 'pass' : verdict === 'INSUFFICIENT_EVIDENCE' ? 'unavailable' : 'flag',
        };
  const groups = [
    {
      id: 'provenance',
      title: 'Provenance',
      blurb: 'How the photos reached Loupe.',
      signals: [
        {
          label: 'Capture channel',
          value: input.simulated ? 'Sandbox simulation from the original’s pages' : 'Loupe capture page, single-use link',
          status: input.simulated ? 'unavailable' : 'pass',
        },
        c2paSignal(input.c2pa),
      ] satisfies Signal[],
    },
    {
      id: 'device_integrity',
      title: 'Device integrity',
      blurb: 'What is known of the device that took the photos.',
      signals: [{ label: 'Device', value: input.device, status: 'unavailable' }] satisfies Signal[],
    },
    { id: 'forensics_rerun', title: 'Forensics re-run', blurb: 'The re-captured document analysed as any other.', signals: [rerun] },
    {
      id: 'reconciliation',
      title: 'Reconciliation',
      blurb: 'The photos compared with the uploaded document.',
      signals: reconcile(original, input.photoText),
    },
  ];
  const contradicts = groups.some((g) => g.signals.some((s) => s.status === 'flag'));
  const reconciled = groups[3]!.signals;
  return {
    headline: contradicts
      ? (reconciled.find((s) => s.status === 'flag')?.value ?? 'The re-capture contradicts the uploaded document.')
      : reconciled.some((s) => s.status === 'pass')
        ? 'The re-capture agrees with the uploaded document.'
        : 'The re-capture could not be compared with the uploaded document.',
    c2pa: input.c2pa,
    signal_groups: groups,
    contradicts_original: contradicts,
  };
}
