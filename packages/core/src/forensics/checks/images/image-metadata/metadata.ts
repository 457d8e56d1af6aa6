// What an image file's own metadata says about its history: editing software named in EXIF, XMP,
// IPTC or PNG text; XMP edit history; modification after capture; camera data missing from a
// file named like a camera photo. Nothing here reads pixels.

import { exifDateFields } from '../../../../containers/exif.js';
import type { ImageContainer } from '../../../../containers/image-container.js';
import { cameraData } from '../../../readers/pictures.js';
import type { MetadataFinding } from './indicators.js';

/** Image editors as they name themselves in metadata (lower case). */
const EDITORS = [
  'photoshop',
  'gimp',
  'canva',
  'photopea',
  'pixlr',
  'fotor',
  'paint.net',
  'affinity photo',
  'pixelmator',
  'picsart',
  'befunky',
  'lightroom',
  'snapseed',
  'photoscape',
  'inpixio',
  'acorn',
  'krita',
  'corel',
  'paintshop',
  'photodirector',
  'luminar',
  'ipiccy',
  'sumopaint',
  'polarr',
  'lunapic',
  'img2go',
  'iloveimg',
  'kapwing',
  'photoroom',
  'adobe express',
  'picmonkey',
  'imageready',
];
/** Names cameras and phones give their files. */
const CAMERA_NAME = /^(?:IMG|DSC[NF_]?|DSCF|PXL|P\d{3}|DJI|GOPR|MVIMG|SAM|CIMG)[-_]?\d{3,}/i;

function editorIn(text: string | undefined): string | undefined {
  if (!text) return undefined;
  const lower = text.toLowerCase();
  const hit = EDITORS.find((e) => lower.includes(e));
  return hit ? text.trim().slice(0, 80) : undefined;
}

/** An EXIF date as milliseconds, its local time read as UTC (only differences are used). */
function exifDate(text: string | undefined): number | undefined {
  const f = exifDateFields(text);
  return f ? Date.UTC(+f[0], +f[1] - 1, +f[2], +f[3], +f[4], +f[5]) : undefined;
}

/** XMP fields forensics reads: creator tool and history events. */
export function xmpHistory(xmp: string | undefined): { creatorTool?: string; agents: string[]; actions: string[] } {
  if (!xmp) return { agents: [], actions: [] };
  const value = (name: string): string[] => {
    const out: string[] = [];
    const attr = new RegExp(`${name}="([^"]{1,200})"`, 'g');
    const elem = new RegExp(`<${name}>([^<]{1,200})</${name}>`, 'g');
    for (const m of xmp.matchAll(attr)) out.push(m[1]!);
    for (const m of xmp.matchAll(elem)) out.push(m[1]!);
    return out;
  };
  const creatorTool = value('xmp:CreatorTool')[0];
  return {
    ...(creatorTool ? { creatorTool } : {}),
    agents: value('stEvt:softwareAgent'),
    actions: [...value('stEvt:action'), ...value('photoshop:History')],
  };
}

/** Findings from the metadata of a PNG or JPEG. */
export function imageMetadataFindings(container: ImageContainer, fileName: string): MetadataFinding[] {
  const findings: MetadataFinding[] = [];
  const history = xmpHistory(container.xmp);
  const exif = container.exif;
  const candidates = [
    exif?.software,
    history.creatorTool,
    ...history.agents,
    ...container.comments,
    container.text.get('Software'),
    container.text.get('Comment'),
    container.text.get('Description'),
  ];
  const editor = candidates.map(editorIn).find((e) => e !== undefined);
  if (editor) findings.push({ code: 'image_editing_software', editor });
  const edits = history.actions.filter((a) => /saved|derived|converted|edited|modified|produced|cropped|filtered/i.test(a));
  if (edits.length > 0 && (editor || history.agents.length > 0)) {
    findings.push({ code: 'image_edit_history', steps: edits.length, actions: [...new Set(edits)].slice(0, 3) });
  }
  const taken = exifDate(exif?.originalDate);
  const changed = exifDate(exif?.modifyDate);
  if (taken !== undefined && changed !== undefined && changed - taken > 60_000) {
    findings.push({ code: 'image_modified_after_capture', taken: exif!.originalDate!, changed: exif!.modifyDate! });
  }
  const cameraNamed = CAMERA_NAME.test(fileName.split(/[\\/]/).pop() ?? '');
  if ((cameraNamed || exif?.make !== undefined) && !cameraData(container)) {
    findings.push({ code: 'camera_data_missing', ...(cameraNamed && !exif?.make ? { namedLike: fileName } : {}) });
  }
  return findings;
}
