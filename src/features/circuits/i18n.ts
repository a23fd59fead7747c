/** The `circuits` namespace: the circuit list with its map preview and filters. */
import { registerTexts } from '../../app/i18n/registry';

/** @internal Exported for its tests. */
export const circuitsI18n = registerTexts('circuits', {
  'en-us': {
    title: 'Circuits',
    filters: { country: 'Country', type: 'Type', text: 'Search', textPlaceholder: 'Name or description', all: 'All' },
    columns: { name: 'Name', country: 'Country', type: 'Type', length: 'Length', configuration: 'Configuration', direction: 'Direction', gates: 'Gates' },
    options: { Regular: 'Regular', Inverted: 'Inverted', Clockwise: 'Clockwise', Counterclockwise: 'Counterclockwise' },
    count: '{{count}} circuits',
    count_one: '{{count}} circuit',
    count_other: '{{count}} circuits',
    empty: 'No circuits found.',
    offline: 'Offline: showing the circuits saved on this device.',
    preview: 'Map preview of {{name}}',
    selectHint: 'Select a circuit to see its gates on the map.',
    gateLabels: { sf: 'S/F', s1: 'S1', s2: 'S2' },
    length: '{{value}} m',
  },
  'pt-pt': {
    title: 'Circuitos',
    filters: { country: 'País', type: 'Tipo', text: 'Pesquisar', textPlaceholder: 'Nome ou descrição', all: 'Todos' },
    columns: { name: 'Nome', country: 'País', type: 'Tipo', length: 'Comprimento', configuration: 'Configuração', direction: 'Sentido', gates: 'Linhas' },
    options: { Regular: 'Normal', Inverted: 'Invertida', Clockwise: 'Sentido horário', Counterclockwise: 'Sentido anti-horário' },
    count: '{{count}} circuitos',
    count_one: '{{count}} circuito',
    count_other: '{{count}} circuitos',
    empty: 'Nenhum circuito encontrado.',
    offline: 'Sem ligação: a mostrar os circuitos guardados neste dispositivo.',
    preview: 'Pré-visualização no mapa de {{name}}',
    selectHint: 'Selecione um circuito para ver as suas linhas no mapa.',
    gateLabels: { sf: 'P/C', s1: 'S1', s2: 'S2' },
    length: '{{value}} m',
  },
});
