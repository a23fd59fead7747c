export { OPTIMAL_COLOR, alignedMapTraces, alignedMarkers, coachReport, cornerMarkers, cornerRows, gTraceSeries, ggSeries, isOptimal, lapCornersOf, lapG, optimalEntry } from './coach-view';
export type { CoachReport, CornerRow, MapAlignment } from './coach-view';
export { GgDiagram } from './gg-diagram';
export { useCoaching } from './use-coaching';
