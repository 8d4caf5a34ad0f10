/** Continent codes of a traffic policy scope, with their names (TrafficPolicyScope.continents). */
export const CONTINENTS = {
  AF: 'Africa',
  AN: 'Antarctica',
  AS: 'Asia',
  EU: 'Europe',
  NA: 'North America',
  OC: 'Oceania',
  SA: 'South America',
} as const;

export type Continent = keyof typeof CONTINENTS;

// The continent each ISO 3166-1 alpha-2 country is located on, one continent per country as the
// geolocation databases that locate DNS queries assign them (Türkiye, Cyprus and Russia included).
const COUNTRIES_BY_CONTINENT: Record<Continent, string> = {
  AF:
    'AO BF BI BJ BW CD CF CG CI CM CV DJ DZ EG EH ER ET GA GH GM GN GQ GW KE KM LR LS LY MA MG ML MR MU MW MZ ' +
    'NA NE NG RE RW SC SD SH SL SN SO SS ST SZ TD TG TN TZ UG YT ZA ZM ZW',
  AN: 'AQ BV GS HM TF',
  AS:
    'AE AF AM AZ BD BH BN BT CC CN CX CY GE HK ID IL IN IO IQ IR JO JP KG KH KP KR KW KZ LA LB LK MM MN MO MV ' +
    'MY NP OM PH PK PS QA SA SG SY TH TJ TL TM TR TW UZ VN YE',
  EU:
    'AD AL AT AX BA BE BG BY CH CZ DE DK EE ES FI FO FR GB GG GI GR HR HU IE IM IS IT JE LI LT LU LV MC MD ME ' +
    'MK MT NL NO PL PT RO RS RU SE SI SJ SK SM UA VA',
  NA:
    'AG AI AW BB BL BM BQ BS BZ CA CR CU CW DM DO GD GL GP GT HN HT JM KN KY LC MF MQ MS MX NI PA PM PR SV SX ' +
    'TC TT UM US VC VG VI',
  OC: 'AS AU CK FJ FM GU KI MH MP NC NF NR NU NZ PF PG PN PW SB TK TO TV VU WF WS',
  SA: 'AR BO BR CL CO EC FK GF GY PE PY SR UY VE',
};

const CONTINENT_OF_COUNTRY = new Map<string, Continent>(
  (Object.entries(COUNTRIES_BY_CONTINENT) as [Continent, string][]).flatMap(([continent, codes]) =>
    codes.split(' ').map((code) => [code, continent] as const),
  ),
);

/** The continent of an ISO 3166-1 alpha-2 country code (upper case), or null for an unknown code. */
export function continentOf(country: string): Continent | null {
  return CONTINENT_OF_COUNTRY.get(country) ?? null;
}

/** Every known country code. */
export function countryCodes(): string[] {
  return [...CONTINENT_OF_COUNTRY.keys()];
}
