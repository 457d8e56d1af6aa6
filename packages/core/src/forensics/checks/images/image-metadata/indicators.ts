// The indicators of the image-metadata check: what a picture's own metadata says about its history.
import { type FindingOf, indicator } from '../../../check.js';
import copy from './copy.json' with { type: 'json' };

/** The indicators of the image-metadata check. */
export const indicators = {
  image_editing_software: indicator<{ editor: string }>(copy.image_editing_software, 'tooling', (f) => `The image metadata names the editor "${f.editor}".`),
  image_edit_history: indicator<{ steps: number; actions: string[] }>(
    copy.image_edit_history,
    'tooling',
    (f) => `The XMP history records ${f.steps} editing step${f.steps === 1 ? '' : 's'} (${f.actions.join(', ')}).`,
  ),
  image_modified_after_capture: indicator<{ taken: string; changed: string }>(
    copy.image_modified_after_capture,
    'dates',
    (f) => `EXIF says the picture was taken ${f.taken} and changed ${f.changed}.`,
  ),
  exif_thumbnail_mismatch: indicator<{ correlation: number }>(
    copy.exif_thumbnail_mismatch,
    'content',
    (f) => `The EXIF thumbnail correlates only ${f.correlation.toFixed(2)} with the image.`,
  ),
  camera_data_missing: indicator<{ namedLike?: string }>(copy.camera_data_missing, 'structure', (f) =>
    f.namedLike !== undefined
      ? `"${f.namedLike}" is named like a camera photo but has no camera data.`
      : 'EXIF names a camera but lacks its model, capture date and exposure data.',
  ),
};

/** A finding of the image-metadata check. */
export type MetadataFinding = FindingOf<typeof indicators>;
