/**
 * KML 2.2 export of a session or one lap: a Document with one Placemark per lap ('Lap N'; lap 0, before the
 * first start/finish crossing, is 'Out lap'), each a clamped-to-ground LineString of 'lon,lat' tuples with a
 * TimeSpan of its first and last fix, so Google Earth can play it back.
 */
import { COORDINATE_DECIMALS, fixed, isoUtc, selectFixes, xmlEscape, type ExportOptions, type ExportableSession } from './export-common';

const KML_NAMESPACE = 'http://www.opengis.net/kml/2.2';

export function exportKml(session: ExportableSession, options: ExportOptions = {}): string {
  const { positions } = session;
  const { indices, epochMs } = selectFixes(session, options);
  const title = xmlEscape(options.lap === undefined ? session.name : `${session.name} - Lap ${options.lap}`);
  const out: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<kml xmlns="${KML_NAMESPACE}">`,
    '  <Document>',
    `    <name>${title}</name>`,
    '    <Style id="lap"><LineStyle><color>ff0000ff</color><width>3</width></LineStyle></Style>',
  ];
  let k = 0;
  while (k < indices.length) {
    const lap = positions.lap[indices[k]];
    let end = k;
    while (end < indices.length && positions.lap[indices[end]] === lap) end++;
    const coordinates: string[] = [];
    for (let j = k; j < end; j++) {
      const i = indices[j];
      coordinates.push(`${fixed(positions.lon[i], COORDINATE_DECIMALS)},${fixed(positions.lat[i], COORDINATE_DECIMALS)}`);
    }
    // A LineString needs two or more positions: a lone fix repeats itself.
    if (coordinates.length === 1) coordinates.push(coordinates[0]);
    out.push(
      '    <Placemark>',
      `      <name>${lap === 0 ? 'Out lap' : `Lap ${lap}`}</name>`,
      `      <TimeSpan><begin>${isoUtc(epochMs[indices[k]])}</begin><end>${isoUtc(epochMs[indices[end - 1]])}</end></TimeSpan>`,
      '      <styleUrl>#lap</styleUrl>',
      '      <LineString>',
      '        <tessellate>1</tessellate>',
      `        <coordinates>${coordinates.join(' ')}</coordinates>`,
      '      </LineString>',
      '    </Placemark>',
    );
    k = end;
  }
  out.push('  </Document>', '</kml>');
  return out.join('\n') + '\n';
}
