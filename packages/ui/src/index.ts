// @loupe/ui: the DOM components the pre-screening page (apps/web) and the reviewer console
// (apps/console) share where they show the same thing; their styles are in ui.css.
export { element, svgElement } from './dom.js';
export { type MathCheckLike, mathCheckTable } from './math-checks.js';
export { type DetectionLike, framePlot, segmentTimeline } from './media-plots.js';
export { type PageOptions, pageWithRegions, type RegionLike } from './regions.js';
export { type RevisionDiffLike, revisionTable } from './revisions.js';
