/**
 * A racer's request to show a place of the lap on the video: a distance into the lap (a click on a chart) or a
 * point (a click on the map). `seq` makes two clicks on the same place two requests.
 */
export type VideoSeekRequest = ({ distanceM: number } | { lat: number; lon: number }) & { seq: number };
