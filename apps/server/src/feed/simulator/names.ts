/** Name pools for the simulated day. Teams and venues are real-sounding; horses are invented. */

export interface TeamSeries {
  name: string
  teams: readonly string[]
}

export const CRICKET_SERIES: readonly TeamSeries[] = [
  {
    name: 'Indian Premier League',
    teams: [
      'Mumbai Indians',
      'Chennai Super Kings',
      'Royal Challengers Bengaluru',
      'Kolkata Knight Riders',
      'Delhi Capitals',
      'Rajasthan Royals',
      'Sunrisers Hyderabad',
      'Punjab Kings',
      'Gujarat Titans',
      'Lucknow Super Giants',
    ],
  },
  {
    name: 'Big Bash League',
    teams: [
      'Sydney Sixers',
      'Perth Scorchers',
      'Melbourne Stars',
      'Brisbane Heat',
      'Adelaide Strikers',
      'Hobart Hurricanes',
      'Sydney Thunder',
      'Melbourne Renegades',
    ],
  },
  {
    name: 'ICC Champions Trophy',
    teams: [
      'India',
      'Australia',
      'England',
      'Pakistan',
      'South Africa',
      'New Zealand',
      'Sri Lanka',
      'Afghanistan',
    ],
  },
  {
    name: 'Caribbean Premier League',
    teams: [
      'Trinbago Knight Riders',
      'Guyana Amazon Warriors',
      'Barbados Royals',
      'Jamaica Tallawahs',
      'St Lucia Kings',
      'St Kitts and Nevis Patriots',
    ],
  },
  {
    name: 'Pakistan Super League',
    teams: [
      'Lahore Qalandars',
      'Islamabad United',
      'Karachi Kings',
      'Peshawar Zalmi',
      'Quetta Gladiators',
      'Multan Sultans',
    ],
  },
  {
    name: 'SA20',
    teams: [
      'MI Cape Town',
      'Joburg Super Kings',
      'Durban Super Giants',
      'Paarl Royals',
      'Pretoria Capitals',
      'Sunrisers Eastern Cape',
    ],
  },
]

export const FOOTBALL_LEAGUES: readonly TeamSeries[] = [
  {
    name: 'English Premier League',
    teams: [
      'Arsenal',
      'Liverpool',
      'Man City',
      'Chelsea',
      'Tottenham',
      'Newcastle',
      'Aston Villa',
      'Man Utd',
      'Brighton',
      'West Ham',
    ],
  },
  {
    name: 'Spanish La Liga',
    teams: [
      'Real Madrid',
      'Barcelona',
      'Atletico Madrid',
      'Sevilla',
      'Real Sociedad',
      'Villarreal',
      'Valencia',
      'Athletic Bilbao',
    ],
  },
  {
    name: 'Italian Serie A',
    teams: ['Inter', 'AC Milan', 'Juventus', 'Napoli', 'Roma', 'Lazio', 'Atalanta', 'Fiorentina'],
  },
  {
    name: 'German Bundesliga',
    teams: [
      'Bayern Munich',
      'Dortmund',
      'RB Leipzig',
      'Leverkusen',
      'Stuttgart',
      'Frankfurt',
      'Wolfsburg',
      'Freiburg',
    ],
  },
  {
    name: 'Indian Super League',
    teams: [
      'Mohun Bagan SG',
      'East Bengal',
      'Bengaluru FC',
      'Mumbai City',
      'Kerala Blasters',
      'FC Goa',
      'Odisha FC',
      'Chennaiyin FC',
    ],
  },
  {
    name: 'US Major League Soccer',
    teams: [
      'Inter Miami',
      'LA Galaxy',
      'LAFC',
      'Seattle Sounders',
      'Atlanta Utd',
      'NY Red Bulls',
      'Columbus',
      'Cincinnati',
    ],
  },
  {
    name: 'Australian A-League',
    teams: [
      'Melbourne City',
      'Sydney FC',
      'Western Sydney',
      'Melbourne Victory',
      'Adelaide Utd',
      'Central Coast Mariners',
    ],
  },
]

export const TENNIS_TOURNAMENTS: readonly TeamSeries[] = [
  {
    name: 'ATP Finals',
    teams: [
      'Jannik Sinner',
      'Carlos Alcaraz',
      'Alexander Zverev',
      'Daniil Medvedev',
      'Taylor Fritz',
      'Casper Ruud',
      'Alex de Minaur',
      'Holger Rune',
    ],
  },
  {
    name: 'WTA Finals',
    teams: [
      'Aryna Sabalenka',
      'Iga Swiatek',
      'Coco Gauff',
      'Elena Rybakina',
      'Jessica Pegula',
      'Jasmine Paolini',
      'Qinwen Zheng',
      'Mirra Andreeva',
    ],
  },
  {
    name: 'ATP Challenger Pune',
    teams: [
      'Sumit Nagal',
      'Ramkumar Ramanathan',
      'Mukund Sasikumar',
      'Yuki Bhambri',
      'Dalibor Svrcina',
      'Arthur Cazaux',
      'Luca Nardi',
      'Hamad Medjedovic',
    ],
  },
]

export interface Venue {
  name: string
  countryCode: string
  /** Hour (UTC) of the first race on a normal day there. */
  firstRaceUtcHour: number
}

export const HORSE_VENUES: readonly Venue[] = [
  { name: 'Ascot', countryCode: 'GB', firstRaceUtcHour: 12 },
  { name: 'Kempton', countryCode: 'GB', firstRaceUtcHour: 16 },
  { name: 'Newmarket', countryCode: 'GB', firstRaceUtcHour: 12 },
  { name: 'Wolverhampton', countryCode: 'GB', firstRaceUtcHour: 17 },
  { name: 'Leopardstown', countryCode: 'IE', firstRaceUtcHour: 13 },
  { name: 'Dundalk', countryCode: 'IE', firstRaceUtcHour: 17 },
  { name: 'Flemington', countryCode: 'AU', firstRaceUtcHour: 1 },
  { name: 'Randwick', countryCode: 'AU', firstRaceUtcHour: 2 },
  { name: 'Caulfield', countryCode: 'AU', firstRaceUtcHour: 3 },
  { name: 'Santa Anita', countryCode: 'US', firstRaceUtcHour: 20 },
  { name: 'Gulfstream Park', countryCode: 'US', firstRaceUtcHour: 17 },
  { name: 'Aqueduct', countryCode: 'US', firstRaceUtcHour: 18 },
  { name: 'Mumbai', countryCode: 'IN', firstRaceUtcHour: 8 },
  { name: 'Bangalore', countryCode: 'IN', firstRaceUtcHour: 7 },
  { name: 'Sha Tin', countryCode: 'HK', firstRaceUtcHour: 5 },
]

export const GREYHOUND_VENUES: readonly Venue[] = [
  { name: 'Romford', countryCode: 'GB', firstRaceUtcHour: 11 },
  { name: 'Towcester', countryCode: 'GB', firstRaceUtcHour: 18 },
  { name: 'Monmore', countryCode: 'GB', firstRaceUtcHour: 14 },
  { name: 'Hove', countryCode: 'GB', firstRaceUtcHour: 19 },
  { name: 'Sheffield', countryCode: 'GB', firstRaceUtcHour: 10 },
  { name: 'Wentworth Park', countryCode: 'AU', firstRaceUtcHour: 8 },
  { name: 'The Meadows', countryCode: 'AU', firstRaceUtcHour: 9 },
  { name: 'Shelbourne Park', countryCode: 'IE', firstRaceUtcHour: 19 },
  { name: 'Southland', countryCode: 'US', firstRaceUtcHour: 22 },
  { name: 'Sandown Park', countryCode: 'AU', firstRaceUtcHour: 0 },
]

export const HORSE_NAME_FIRST = [
  'Golden',
  'Silent',
  'Royal',
  'Midnight',
  'Desert',
  'Storm',
  'Crimson',
  'Noble',
  'Lucky',
  'Bold',
  'Silver',
  'Emerald',
  'Highland',
  'Thunder',
  'Velvet',
  'Wild',
  'Swift',
  'Shadow',
  'Ocean',
  'Iron',
] as const
export const HORSE_NAME_SECOND = [
  'Arrow',
  'Legend',
  'Dancer',
  'Warrior',
  'Spirit',
  'Empire',
  'Whisper',
  'Comet',
  'Falcon',
  'Crown',
  'Rebel',
  'Harbour',
  'Monarch',
  'Voyage',
  'Blaze',
  'Mirage',
  'Tempest',
  'Sonnet',
  'Quest',
  'Rhythm',
] as const
export const JOCKEYS = [
  'R Moore',
  'W Buick',
  'O Murphy',
  'T Marquand',
  'H Doyle',
  'J Doyle',
  'C Soumillon',
  'J McDonald',
  'S de Sousa',
  'P J McDonald',
  'K Shoemark',
  'D Tudhope',
  'B Curtis',
  'I Ortiz Jr',
  'F Prat',
] as const
export const TRAINERS = [
  "A P O'Brien",
  'J Gosden',
  'C Appleby',
  'W Haggas',
  'A Balding',
  'R Varian',
  'K Burke',
  'M Johnston',
  'C Waller',
  'B Baffert',
  'T Pletcher',
  'D Weld',
  'M Ward',
  'P Reynolds',
  'J Daly',
] as const
export const GREYHOUND_TRAINERS = [
  'M Wallis',
  'K Hutton',
  'P Janssens',
  'D Mullins',
  'R Holloway',
  'S Cahill',
] as const

export const ELECTIONS = [
  {
    series: 'Indian State Elections',
    name: 'Maharashtra Assembly Election',
    countryCode: 'IN',
    parties: ['BJP', 'INC', 'Shiv Sena (UBT)', 'NCP (SP)'],
  },
  {
    series: 'Indian State Elections',
    name: 'Bihar Assembly Election',
    countryCode: 'IN',
    parties: ['NDA', 'Mahagathbandhan', 'Jan Suraaj', 'Others'],
  },
  {
    series: 'US Elections',
    name: 'US Senate Control',
    countryCode: 'US',
    parties: ['Republicans', 'Democrats'],
  },
  {
    series: 'UK Elections',
    name: 'Next UK Prime Minister',
    countryCode: 'GB',
    parties: ['Labour', 'Conservative', 'Reform UK', 'Liberal Democrats'],
  },
] as const
