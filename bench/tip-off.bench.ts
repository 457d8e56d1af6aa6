// The tip-off validator on the labelled message set (packages/fixtures/src/tip-off-messages.ts): precision
// and recall of "this message discloses a flag", overall and by kind, with the messages it gets
// wrong. `node --import tsx bench/tip-off.bench.ts` (after npm run build).

import { tipOffMessages } from '@loupe/fixtures/tip-off-messages';
import { tipOffTerms } from '@loupe/server';

const messages = tipOffMessages();
let tp = 0;
let fp = 0;
let fn = 0;
const byKind = new Map<string, { n: number; right: number }>();
const wrong: string[] = [];
for (const m of messages) {
  const flagged = tipOffTerms(m.text).length > 0;
  const truth = m.label === 'disclosure';
  if (flagged && truth) tp++;
  else if (flagged && !truth) fp++;
  else if (!flagged && truth) fn++;
  const k = byKind.get(m.kind) ?? { n: 0, right: 0 };
  k.n++;
  if (flagged === truth) k.right++;
  else wrong.push(`${m.label === 'safe' ? 'false alarm' : 'missed'} (${m.kind}): ${m.text} ${flagged ? JSON.stringify(tipOffTerms(m.text)) : ''}`);
  byKind.set(m.kind, k);
}
const precision = tp / (tp + fp);
const recall = tp / (tp + fn);
console.log(`tip-off validator on ${messages.length} messages (${tp + fn} disclosures, ${messages.length - tp - fn} safe)`);
console.log(`precision ${precision.toFixed(3)}  recall ${recall.toFixed(3)}  (true positives ${tp}, false alarms ${fp}, missed ${fn})`);
for (const [kind, k] of byKind) console.log(`  ${kind.padEnd(11)} ${k.right}/${k.n} right`);
for (const w of [...new Set(wrong)].slice(0, 40)) console.log(`  ${w}`);
