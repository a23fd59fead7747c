/**
 * Circuits seeded on the server's first start.
 *
 * `coordinates` is the device text 'lat;lon;lat;lon;lat;lon' (signed decimal degrees, 6 decimals): the
 * start/finish gate centre first, then the two sector gate centres (3 sectors per lap). `size` is the gate width
 * in metres, `length` the official lap length in metres. Names are ASCII (they end up in device file names
 * `YYYYMMDD_HHMM_<circuit name>` and in the `<type>;<name>;<coordinates>;<size>` circuit lines, so no ';').
 *
 * Where the gates come from:
 * - Rustavi International Motorpark and Tianma Circuit were DERIVED FROM THE REAL LOGS (their
 *   trimmed copies: tests/fixtures/real-logs). Tianma: start/finish = the mean position where the RaceChrono lap number
 *   changes (laps 9 and 13); sectors at 1/3 and 2/3 of each lap's distance, averaged. Rustavi: start/finish on
 *   the main straight (heading ~136 deg, after the pit-lane merge), placed on the mean crossing point of the
 *   trace; with a 30 m gate the Dragy VBO then splits into 9 laps (146.9, 135.9, 135.7, 136.8, 254.8, 144.5,
 *   134.1, 136.1, 137.1 s: out lap, hot laps, one cool-down lap with a pit stop); sectors at 1/3 and 2/3 of the
 *   fastest lap's distance, and every lap crosses both.
 * - The other full-size circuits and PF International: start/finish and sectors were placed on circuit
 *   centre-line traces (bacinger/f1-circuits, MIT, whose traces begin at the start/finish line; and for Jerez,
 *   Ricardo Tormo, Adria, Vasco Sameiro, Brands Hatch Indy and PF International, OpenStreetMap raceway traces,
 *   (c) OpenStreetMap contributors, ODbL, with the start/finish in the middle of the main straight) with the
 *   sector gates at 1/3 and 2/3 of the traced lap distance (nudged by at most 7% of a lap where the track folds
 *   back, so that all three gates stay at least 70 m apart). The traced travel direction sets `direction`.
 * - APPROXIMATE: Kartodromo de Braga, Kartodromo Internacional do Algarve, Kartodromo Lucas Guerrero, South
 *   Garda Karting Lonato, Erftlandring Kerpen and Karting Genk. No trace of these kart tracks was available
 *   offline; their gates are best-knowledge positions around each venue's mapped location, not surveyed, and
 *   must be checked on site (admins can edit them).
 */
type SeedCircuitConfiguration = 'Regular' | 'Inverted';
type SeedCircuitDirection = 'Clockwise' | 'Counterclockwise';

export interface SeedCircuit {
  name: string;
  /** A name from circuit-types.ts. */
  type: string;
  /** A name from countries.ts. */
  country: string;
  description: string;
  /** The description in European Portuguese (pt-pt), seeded as its translation. */
  descriptionPt: string;
  configuration: SeedCircuitConfiguration;
  direction: SeedCircuitDirection;
  /** Official lap length in metres. */
  length: number;
  /** 'lat;lon' x 3: start/finish gate centre, sector 1 gate centre, sector 2 gate centre. */
  coordinates: string;
  /** Gate width in metres. */
  size: number;
}

export const circuits: SeedCircuit[] = [
  // Portugal
  {
    name: 'Kartodromo de Braga',
    type: 'Kart',
    country: 'Portugal',
    description: 'Kartodromo Internacional de Braga, beside the Circuito Vasco Sameiro in Palmeira, Braga.',
    descriptionPt: 'Kartódromo Internacional de Braga, junto ao Circuito Vasco Sameiro, em Palmeira, Braga.',
    configuration: 'Regular',
    direction: 'Clockwise',
    length: 1230,
    coordinates: '41.585000;-8.441000;41.584500;-8.442200;41.585600;-8.442600',
    size: 14,
  },
  {
    name: 'Kartodromo Internacional do Algarve',
    type: 'Kart',
    country: 'Portugal',
    description: 'CIK-FIA kart circuit next to the Algarve International Circuit, Portimao.',
    descriptionPt: 'Kartódromo homologado pela CIK-FIA, ao lado do Autódromo Internacional do Algarve, em Portimão.',
    configuration: 'Regular',
    direction: 'Clockwise',
    length: 1531,
    coordinates: '37.233300;-8.635600;37.232400;-8.634200;37.234200;-8.633800',
    size: 14,
  },
  {
    name: 'Circuito do Estoril',
    type: 'Racing Circuit',
    country: 'Portugal',
    description: 'Autodromo Fernanda Pires da Silva, Estoril; former Formula 1 and MotoGP venue.',
    descriptionPt: 'Autódromo Fernanda Pires da Silva, no Estoril; antigo palco da Fórmula 1 e do MotoGP.',
    configuration: 'Regular',
    direction: 'Clockwise',
    length: 4182,
    coordinates: '38.749017;-9.393073;38.748438;-9.395088;38.752951;-9.396214',
    size: 25,
  },
  {
    name: 'Autodromo Internacional do Algarve',
    type: 'Racing Circuit',
    country: 'Portugal',
    description: 'Portimao; undulating Grade 1 circuit, host of Formula 1, MotoGP and WorldSBK.',
    descriptionPt: 'Portimão; circuito de Grau 1 cheio de desníveis, anfitrião da Fórmula 1, do MotoGP e do WorldSBK.',
    configuration: 'Regular',
    direction: 'Clockwise',
    length: 4653,
    coordinates: '37.232113;-8.630810;37.231027;-8.627962;37.228467;-8.627013',
    size: 25,
  },
  {
    name: 'Circuito Vasco Sameiro',
    type: 'Racing Circuit',
    country: 'Portugal',
    description: 'Autodromo de Braga in Palmeira, Braga; long main straight and a tight infield.',
    descriptionPt: 'Autódromo de Braga, em Palmeira, Braga; reta da meta longa e uma zona interior apertada.',
    configuration: 'Regular',
    direction: 'Counterclockwise',
    length: 3020,
    coordinates: '41.587791;-8.444209;41.585283;-8.448573;41.586287;-8.442770',
    size: 22,
  },
  // Spain
  {
    name: 'Circuito de Jerez - Angel Nieto',
    type: 'Racing Circuit',
    country: 'Spain',
    description: 'Jerez de la Frontera, Andalusia; MotoGP venue and winter testing circuit.',
    descriptionPt: 'Jerez de la Frontera, Andaluzia; palco do MotoGP e circuito de testes de inverno.',
    configuration: 'Regular',
    direction: 'Clockwise',
    length: 4423,
    coordinates: '36.709588;-6.032469;36.707930;-6.027327;36.707093;-6.035978',
    size: 25,
  },
  {
    name: 'Circuit Ricardo Tormo',
    type: 'Racing Circuit',
    country: 'Spain',
    description: 'Cheste, Valencia; stadium-style circuit run anticlockwise, MotoGP season finale venue.',
    descriptionPt: 'Cheste, Valência; circuito em estilo de estádio, percorrido no sentido contrário ao dos ponteiros do relógio, palco da última prova do MotoGP.',
    configuration: 'Regular',
    direction: 'Counterclockwise',
    length: 4005,
    coordinates: '39.484144;-0.629955;39.486127;-0.628898;39.486769;-0.630003',
    size: 25,
  },
  {
    name: 'Circuit de Barcelona-Catalunya',
    type: 'Racing Circuit',
    country: 'Spain',
    description: 'Montmelo, Barcelona; Formula 1 and MotoGP venue.',
    descriptionPt: 'Montmeló, Barcelona; palco da Fórmula 1 e do MotoGP.',
    configuration: 'Regular',
    direction: 'Clockwise',
    length: 4657,
    coordinates: '41.570051;2.261284;41.568181;2.254031;41.571672;2.259198',
    size: 25,
  },
  {
    name: 'Kartodromo Lucas Guerrero',
    type: 'Kart',
    country: 'Spain',
    description: 'Kartodromo Internacional Lucas Guerrero, Chiva, Valencia; CIK-FIA championship venue.',
    descriptionPt: 'Kartódromo Internacional Lucas Guerrero, em Chiva, Valência; palco de campeonatos da CIK-FIA.',
    configuration: 'Regular',
    direction: 'Clockwise',
    length: 1428,
    coordinates: '39.469900;-0.718800;39.469000;-0.717400;39.470500;-0.716900',
    size: 14,
  },
  // Italy
  {
    name: 'South Garda Karting Lonato',
    type: 'Kart',
    country: 'Italy',
    description: 'Lonato del Garda, Brescia; home of the WSK and Winter Cup kart series.',
    descriptionPt: 'Lonato del Garda, Bréscia; casa das séries de karting WSK e Winter Cup.',
    configuration: 'Regular',
    direction: 'Clockwise',
    length: 1200,
    coordinates: '45.425400;10.505600;45.424300;10.507200;45.426100;10.507800',
    size: 14,
  },
  {
    name: 'Autodromo Nazionale Monza',
    type: 'Racing Circuit',
    country: 'Italy',
    description: 'Monza; the Temple of Speed, Italian Grand Prix venue since 1950.',
    descriptionPt: 'Monza; o Templo da Velocidade, palco do Grande Prémio de Itália desde 1950.',
    configuration: 'Regular',
    direction: 'Clockwise',
    length: 5793,
    coordinates: '45.618975;9.281223;45.630640;9.292278;45.620938;9.284991',
    size: 25,
  },
  {
    name: 'Mugello Circuit',
    type: 'Racing Circuit',
    country: 'Italy',
    description: 'Scarperia e San Piero, Tuscany; fast and hilly, Italian MotoGP round.',
    descriptionPt: 'Scarperia e San Piero, Toscânia; rápido e ondulado, prova italiana do MotoGP.',
    configuration: 'Regular',
    direction: 'Clockwise',
    length: 5245,
    coordinates: '43.997589;11.371465;43.995569;11.374239;43.998517;11.369362',
    size: 25,
  },
  {
    name: 'Adria International Raceway',
    type: 'Racing Circuit',
    country: 'Italy',
    description: 'Adria, Rovigo; compact circuit used for car racing and track days.',
    descriptionPt: 'Adria, Rovigo; circuito compacto usado em corridas de automóveis e track days.',
    configuration: 'Regular',
    direction: 'Counterclockwise',
    length: 2702,
    coordinates: '45.044700;12.147797;45.042689;12.146061;45.041121;12.147293',
    size: 20,
  },
  // United Kingdom
  {
    name: 'Silverstone Circuit',
    type: 'Racing Circuit',
    country: 'United Kingdom',
    description: 'Silverstone, Northamptonshire; British Grand Prix venue, start line on the Hamilton Straight.',
    descriptionPt: 'Silverstone, Northamptonshire; palco do Grande Prémio da Grã-Bretanha, com a linha de partida na reta Hamilton.',
    configuration: 'Regular',
    direction: 'Clockwise',
    length: 5891,
    coordinates: '52.078795;-1.015307;52.065133;-1.015292;52.072485;-1.013558',
    size: 25,
  },
  {
    name: 'Brands Hatch Indy',
    type: 'Racing Circuit',
    country: 'United Kingdom',
    description: 'West Kingsdown, Kent; the short Indy layout with Paddock Hill Bend and Druids.',
    descriptionPt: 'West Kingsdown, Kent; o traçado curto Indy, com as curvas Paddock Hill Bend e Druids.',
    configuration: 'Regular',
    direction: 'Clockwise',
    length: 1929,
    coordinates: '51.360762;0.261940;51.359197;0.263476;51.357247;0.257380',
    size: 20,
  },
  {
    name: 'PF International',
    type: 'Kart',
    country: 'United Kingdom',
    description: 'Brandon, Lincolnshire; CIK-FIA homologated kart circuit with a flyover.',
    descriptionPt: 'Brandon, Lincolnshire; kartódromo homologado pela CIK-FIA, com uma passagem superior.',
    configuration: 'Regular',
    direction: 'Clockwise',
    length: 1382,
    coordinates: '53.038346;-0.660912;53.037950;-0.661829;53.039592;-0.661035',
    size: 14,
  },
  // Germany
  {
    name: 'Nurburgring GP',
    type: 'Racing Circuit',
    country: 'Germany',
    description: 'Nurburg, Eifel; the modern Grand Prix circuit beside the Nordschleife.',
    descriptionPt: 'Nürburg, Eifel; o moderno circuito de Grande Prémio ao lado do Nordschleife.',
    configuration: 'Regular',
    direction: 'Clockwise',
    length: 5148,
    coordinates: '50.335537;6.947632;50.328180;6.938895;50.331566;6.938669',
    size: 25,
  },
  {
    name: 'Hockenheimring',
    type: 'Racing Circuit',
    country: 'Germany',
    description: 'Hockenheim, Baden-Wurttemberg; Grand Prix circuit with the Motodrom stadium section.',
    descriptionPt: 'Hockenheim, Baden-Württemberg; circuito de Grande Prémio com a secção de estádio Motodrom.',
    configuration: 'Regular',
    direction: 'Clockwise',
    length: 4574,
    coordinates: '49.327768;8.565865;49.331136;8.576711;49.328748;8.575715',
    size: 25,
  },
  {
    name: 'Erftlandring Kerpen',
    type: 'Kart',
    country: 'Germany',
    description: 'Kerpen-Manheim; the kart track where Michael Schumacher started racing.',
    descriptionPt: 'Kerpen-Manheim; o kartódromo onde Michael Schumacher começou a correr.',
    configuration: 'Regular',
    direction: 'Clockwise',
    length: 1107,
    coordinates: '50.881800;6.652600;50.881000;6.654000;50.882600;6.654300',
    size: 14,
  },
  // Belgium
  {
    name: 'Circuit de Spa-Francorchamps',
    type: 'Racing Circuit',
    country: 'Belgium',
    description: 'Stavelot, Ardennes; home of Eau Rouge and Raidillon, Belgian Grand Prix venue.',
    descriptionPt: 'Stavelot, Ardenas; casa do Eau Rouge e do Raidillon, palco do Grande Prémio da Bélgica.',
    configuration: 'Regular',
    direction: 'Clockwise',
    length: 7004,
    coordinates: '50.444251;5.965020;50.431022;5.976973;50.429744;5.963242',
    size: 25,
  },
  {
    name: 'Karting Genk',
    type: 'Kart',
    country: 'Belgium',
    description: 'Karting Genk Home of Champions; CIK-FIA world championship venue.',
    descriptionPt: 'Karting Genk Home of Champions; palco de campeonatos do mundo da CIK-FIA.',
    configuration: 'Regular',
    direction: 'Clockwise',
    length: 1360,
    coordinates: '50.987400;5.563900;50.986500;5.565600;50.988300;5.566200',
    size: 14,
  },
  // Netherlands
  {
    name: 'Circuit Zandvoort',
    type: 'Racing Circuit',
    country: 'Netherlands',
    description: 'Zandvoort, North Holland; dune circuit with the banked Hugenholtz and Arie Luyendyk corners.',
    descriptionPt: 'Zandvoort, Holanda do Norte; circuito entre dunas, com as curvas inclinadas Hugenholtz e Arie Luyendyk.',
    configuration: 'Regular',
    direction: 'Clockwise',
    length: 4259,
    coordinates: '52.388408;4.540491;52.388612;4.548243;52.387965;4.547140',
    size: 25,
  },
  // France
  {
    name: 'Circuit de Nevers Magny-Cours',
    type: 'Racing Circuit',
    country: 'France',
    description: 'Magny-Cours, Nievre; former French Grand Prix venue, WorldSBK round.',
    descriptionPt: 'Magny-Cours, Nièvre; antigo palco do Grande Prémio de França, prova do WorldSBK.',
    configuration: 'Regular',
    direction: 'Clockwise',
    length: 4411,
    coordinates: '46.864076;3.163710;46.861303;3.168432;46.863401;3.166762',
    size: 25,
  },
  // Georgia (gates derived from the real Dragy VBO log, see the header comment)
  {
    name: 'Rustavi International Motorpark',
    type: 'Racing Circuit',
    country: 'Georgia',
    description: 'Rustavi, near Tbilisi; rebuilt in 2012, long main straight with a parallel pit lane.',
    descriptionPt: 'Rustavi, perto de Tbilissi; reconstruído em 2012, com uma reta da meta longa e uma via das boxes paralela.',
    configuration: 'Regular',
    direction: 'Counterclockwise',
    length: 4100,
    coordinates: '41.569854;44.949280;41.573961;44.946128;41.571486;44.951924',
    size: 30,
  },
  // China (gates derived from the real RaceChrono logs, see the header comment)
  {
    name: 'Tianma Circuit',
    type: 'Racing Circuit',
    country: 'China',
    description: 'Songjiang, Shanghai; compact club circuit used for track days and national racing.',
    descriptionPt: 'Songjiang, Xangai; circuito compacto de clube, usado em track days e em corridas nacionais.',
    configuration: 'Regular',
    direction: 'Counterclockwise',
    length: 2063,
    coordinates: '31.078935;121.115132;31.075716;121.115723;31.078519;121.114660',
    size: 20,
  },
];
