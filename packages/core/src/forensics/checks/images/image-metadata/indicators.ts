// The indicators of the image-metadata check: what a picture's own metadata says about its history.
import { type FindingOf, indicator } from '../../../check.js';

/** The indicators of the image-metadata check. */
export const indicators = {
  image_editing_software: indicator<{ editor: string }>({
    title: 'Image saved by editing software',
    severity: 'medium',
    evidence: 'tooling',
    what_it_is: 'The EXIF, XMP, IPTC or PNG text fields name an image editor (Photoshop, GIMP, Canva, Photopea, Pixlr and others).',
    what_it_means: 'A photo or scan of a document went through an editor before upload; cropping does this too, so the pixels deserve a closer look.',
    how_detected: 'Software, CreatorTool, XMP history agents, comments and PNG text chunks were matched against known image editors.',
    summary: (f) => `The image metadata names the editor "${f.editor}".`,
  }),
  image_edit_history: indicator<{ steps: number; actions: string[] }>({
    title: 'Image edit history recorded',
    severity: 'medium',
    evidence: 'tooling',
    what_it_is: "The image's XMP records editing steps (saved, derived or converted by an application).",
    what_it_means: 'The file is not as the camera or scanner wrote it; an application changed and re-saved it.',
    how_detected: 'xmpMM:History events and photoshop:History entries were read from the XMP packet.',
    summary: (f) => `The XMP history records ${f.steps} editing step${f.steps === 1 ? '' : 's'} (${f.actions.join(', ')}).`,
  }),
  image_modified_after_capture: indicator<{ taken: string; changed: string }>({
    title: 'Image changed after it was taken',
    severity: 'low',
    evidence: 'dates',
    what_it_is: "EXIF's modification date is later than the date the picture was taken.",
    what_it_means: 'Software re-saved the picture after capture; rotation apps do this too, editors always do.',
    how_detected: 'EXIF DateTime was compared with DateTimeOriginal (more than a minute apart).',
    summary: (f) => `EXIF says the picture was taken ${f.taken} and changed ${f.changed}.`,
  }),
  exif_thumbnail_mismatch: indicator<{ correlation: number }>({
    title: 'EXIF thumbnail shows a different picture',
    severity: 'high',
    evidence: 'content',
    what_it_is: 'The preview thumbnail stored in EXIF does not match the image itself.',
    what_it_means: 'The image was changed by software that left the original thumbnail behind; the thumbnail may show the original.',
    how_detected: 'The embedded thumbnail was decoded and correlated with the image reduced to the same size.',
    summary: (f) => `The EXIF thumbnail correlates only ${f.correlation.toFixed(2)} with the image.`,
  }),
  camera_data_missing: indicator<{ namedLike?: string }>({
    title: 'Camera data missing from a camera photo',
    severity: 'low',
    evidence: 'structure',
    what_it_is: 'The file is named or described like a camera photo, but carries no camera make, model or exposure data.',
    what_it_means: 'Cameras and phones write these fields; editors, screenshots and messaging apps strip them.',
    how_detected: 'The file name and EXIF were compared: a camera-style name or make without model, date or exposure fields.',
    summary: (f) =>
      f.namedLike !== undefined
        ? `"${f.namedLike}" is named like a camera photo but has no camera data.`
        : 'EXIF names a camera but lacks its model, capture date and exposure data.',
  }),
};

/** A finding of the image-metadata check. */
export type MetadataFinding = FindingOf<typeof indicators>;
